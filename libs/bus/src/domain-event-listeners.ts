import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DomainEvents, type Listener } from './domain-events';
import { markedMethods } from './marked-providers';
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
    for (const { call, mark: topic } of markedMethods(this.discovery, this.scanner, topicsHeardBy))
      this.stops.push(this.bus.on(topic, call as Listener<unknown>));
  }

  onModuleDestroy(): void {
    for (const stop of this.stops.splice(0)) stop();
  }
}
