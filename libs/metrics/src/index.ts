export * from './app-metrics';
export * from './http-metrics';
export * from './metrics-server';
export * from './metrics.module';
