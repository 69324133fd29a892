import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DomainEventListeners } from './domain-event-listeners';
import { DomainEvents } from './domain-events';

/** The one bus of the app's domain events, for every module, and the listeners its providers mark. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [DomainEvents, DomainEventListeners], exports: [DomainEvents] })
export class BusModule {}
