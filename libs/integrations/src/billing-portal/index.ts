export * from './billing-portal.client';
export * from './billing-portal.module';
export * from './billing-portal.types';
export * from './circuit-breaker';
export * from './portal-errors';
