export * from './app-config';
export * from './config.module';
export * from './environment';
export * from './validate-environment';
