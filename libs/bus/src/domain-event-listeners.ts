import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DomainEvents, type Listener } from './domain-events';
import { topicsHeardBy } from './on-domain-event';

/**
 * Subscribes every provider method marked `@OnDomainEvent(topic)` to the bus, once every provider
 * is built and before the app starts its work; the subscriptions end with the app.
 */
@Injectable()
export class DomainEventListeners implements OnModuleInit, OnModuleDestroy {
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly bus: DomainEvents,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const { instance } of this.discovery.getProviders()) {
      // Factories' values and request-scoped providers (no instance yet) hold no listeners.
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = prototype[name] as Listener<unknown>;
        for (const topic of topicsHeardBy(method)) this.stops.push(this.bus.on(topic, (payload) => method.call(instance, payload)));
      }
    }
  }

  onModuleDestroy(): void {
    for (const stop of this.stops.splice(0)) stop();
  }
}
