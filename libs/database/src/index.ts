export * from './database-location';
export * from './database.module';
export * from './embedded/embedded-mongo';
export * from './embedded/project-root';
export * from './batched-insert';
export * from './batched-lookup';
export * from './expiring-cache';
export * from './tenancy';
