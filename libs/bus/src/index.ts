export * from './bus.module';
export * from './domain-events';
export * from './topic';
