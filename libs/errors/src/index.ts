export * from './domain.exception';
export * from './error-codes';
