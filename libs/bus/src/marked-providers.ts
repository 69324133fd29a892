import type { DiscoverableDecorator, DiscoveryService } from '@nestjs/core';

/**
 * The instances of the providers marked with a decorator of `DiscoveryService.createDecorator`:
 * the extension points registered, not listed (detection rules, alert channels). Asked from
 * `onModuleInit`, once every provider is built.
 */
export function markedProviders<T>(discovery: DiscoveryService, marker: Pick<DiscoverableDecorator<never>, 'KEY'>): T[] {
  return discovery.getProviders({ metadataKey: marker.KEY }).map((wrapper) => wrapper.instance as T);
}
