export * from './bus.module';
export * from './domain-events';
export * from './topic';
export * from './marked-providers';
export { OnDomainEvent } from './on-domain-event';
