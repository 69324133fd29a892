import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule as NestConfigModule } from '@nestjs/config';
import { AppConfig } from './app-config';
import { validateEnvironment } from './validate-environment';

/**
 * The validated environment. `forRoot()` reads it when the app module is built, not when this
 * file is imported, so a test can set variables before it boots an app.
 */
@Module({})
export class ConfigModule {
  static forRoot(): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      imports: [NestConfigModule.forRoot({ ignoreEnvFile: true, cache: true, validate: validateEnvironment })],
      providers: [AppConfig],
      exports: [AppConfig],
    };
  }
}
