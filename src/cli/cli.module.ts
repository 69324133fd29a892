import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AuthModule } from '@app/auth';
import { ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/database';
import { BusModule } from '@app/bus';
import { JobsModule } from '@app/jobs';
import { AppLogger, StartupLogLines } from '@app/http';
import { MetricsModule } from '@app/metrics';
import { appLoggerProvider } from '../app-logger.provider';
import type { CliModuleImport } from './cli-command';

/**
 * What a command boots: the configuration (as a one-shot process: no background work at boot),
 * the database, identities — what every command needs — and the modules of that one command
 * (`CliCommandWork.imports`). Not the whole app: a command neither loads nor initialises the
 * domains it does not use, so a cheap one starts and ends in about a second.
 */
@Module({})
export class CliModule {
  static forCommand(imports: readonly CliModuleImport[]): DynamicModule {
    return {
      module: CliModule,
      imports: [ConfigModule.forRoot({ process: 'command' }), MetricsModule, DatabaseModule, BusModule, JobsModule, AuthModule, ...imports],
      providers: [appLoggerProvider],
    };
  }
}

/** The Nest application context a command runs in, logging through the app's logger (to stderr). */
export async function createCommandContext(imports: readonly CliModuleImport[]): Promise<INestApplicationContext> {
  // The boot's lines keep their own time until the app's logger exists (StartupLogLines).
  const startupLines = new StartupLogLines();
  let app: INestApplicationContext;
  try {
    app = await NestFactory.createApplicationContext(CliModule.forCommand(imports), { logger: startupLines, abortOnError: false });
  } catch (error) {
    startupLines.dump();
    throw error;
  }
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  startupLines.writeTo(logger);
  return app;
}
