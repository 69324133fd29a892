import type { DiscoverableDecorator, DiscoveryService } from '@nestjs/core';

/**
 * The instances of the providers marked with a decorator of `DiscoveryService.createDecorator`:
 * the extension points registered, not listed (detection rules, alert channels, tracker
 * processors). Asked from `onModuleInit` or later, once every provider is built.
 */
export function markedProviders<T>(discovery: DiscoveryService, marker: Pick<DiscoverableDecorator<never>, 'KEY'>): T[] {
  return discovery.getProviders({ metadataKey: marker.KEY }).map((wrapper) => wrapper.instance as T);
}

/** `markedProviders`, each with the options it was marked with (`@DataMigration({ name, … })`). */
export function markedProvidersWithOptions<T, Options>(
  discovery: DiscoveryService,
  marker: DiscoverableDecorator<Options>,
): Array<{ instance: T; options: Options }> {
  return discovery
    .getProviders({ metadataKey: marker.KEY })
    .map((wrapper) => ({ instance: wrapper.instance as T, options: discovery.getMetadataByDecorator(marker, wrapper)! }));
}
