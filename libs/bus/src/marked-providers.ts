import type { DiscoverableDecorator, DiscoveryService, MetadataScanner } from '@nestjs/core';

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

/** A marked method, bound to its provider's instance. */
export type MarkedMethod = (argument: unknown) => unknown;

/**
 * Every method of the built providers that `marksOf` finds marks on, bound to its instance, once
 * per mark (`@OnDomainEvent`, `@RecurringJob`). Asked from `onModuleInit` or later.
 */
export function markedMethods<Mark>(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  marksOf: (method: unknown) => readonly Mark[],
): Array<{ call: MarkedMethod; mark: Mark }> {
  const found: Array<{ call: MarkedMethod; mark: Mark }> = [];
  for (const { instance } of discovery.getProviders()) {
    // Factories' values and request-scoped providers (no instance yet) hold no marked methods.
    if (!instance || typeof instance !== 'object') continue;
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const method = prototype[name];
      for (const mark of marksOf(method)) found.push({ call: (method as MarkedMethod).bind(instance), mark });
    }
  }
  return found;
}
