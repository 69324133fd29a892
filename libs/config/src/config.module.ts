import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, PROCESS_KIND, type ProcessKind } from './app-config';
import { Environment } from './environment';
import { validateEnvironment } from './validate-environment';

/**
 * The validated environment. `forRoot()` reads `process.env` when the app is built (the provider's
 * factory runs then), not when a module file is imported: `main.ts` fills the demo stand-ins'
 * variables after the imports, and a test can set variables before it boots an app.
 *
 * `process` says what kind of process boots: the server (the default) runs the background work
 * (simulator, sweeps, backfills, resumed jobs, the metrics listener); a one-shot command does its
 * one thing and exits (`AppConfig.runsBackgroundWork` is false).
 */
@Module({})
export class ConfigModule {
  static forRoot(options: { process?: ProcessKind } = {}): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [
        { provide: Environment, useFactory: () => validateEnvironment(process.env) },
        { provide: PROCESS_KIND, useValue: options.process ?? 'server' },
        AppConfig,
      ],
      exports: [AppConfig],
    };
  }
}
