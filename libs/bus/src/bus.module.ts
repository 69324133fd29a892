import { Global, Module } from '@nestjs/common';
import { DomainEvents } from './domain-events';

/** The one bus of the app's domain events, for every module. */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class BusModule {}
