import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './app-config';
import { Environment } from './environment';
import { validateEnvironment } from './validate-environment';

/**
 * The validated environment. `forRoot()` reads `process.env` when the app is built (the provider's
 * factory runs then), not when a module file is imported: `main.ts` fills the demo stand-ins'
 * variables after the imports, and a test can set variables before it boots an app.
 */
@Module({})
export class ConfigModule {
  static forRoot(): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [{ provide: Environment, useFactory: () => validateEnvironment(process.env) }, AppConfig],
      exports: [AppConfig],
    };
  }
}
