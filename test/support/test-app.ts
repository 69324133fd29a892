import { INestApplication, Type } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { getConnectionToken } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import type { Connection } from 'mongoose';
import type { App } from 'supertest/types';

export interface TestApp {
  app: INestApplication;
  server: App;
  connection: Connection;
  /** Closes the app; the file's database is dropped after its last test (file-database.ts). */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra controllers mounted beside the app's own (probes for cross-cutting behaviour). */
  controllers?: Type[];
}

async function boot(AppModule: unknown, options: TestAppOptions = {}): Promise<TestApp> {
  const { configureApp } = await import('../../src/app.setup');
  const { EnvelopingExpressAdapter } = await import('@app/http');
  const moduleRef = await Test.createTestingModule({ imports: [AppModule as never], controllers: options.controllers ?? [] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new EnvelopingExpressAdapter(), { bodyParser: false, bufferLogs: true });
  await configureApp(app);
  await app.init();
  const connection = app.get<Connection>(getConnectionToken());
  return {
    app,
    server: app.getHttpServer(),
    connection,
    close: () => app.close(),
  };
}

/**
 * The real app (same HTTP stack as `main`) on this test file's own database, with the demo seed
 * beside it as `npm start` runs it. Providers can be taken from `app.get(...)` for factories and
 * assertions.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { DemoAppModule } = await import('../../src/seed');
  return boot(DemoAppModule, options);
}

/**
 * A second app with other configuration (read when the app module is loaded, so it is loaded
 * afresh). Its providers are other classes than the test file's imports: use it through HTTP.
 */
export async function createTestAppWithEnv(env: Record<string, string>): Promise<TestApp> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    let created: TestApp | undefined;
    // Nest itself is loaded afresh too, so the isolated app and its testing module agree.
    await jest.isolateModulesAsync(async () => {
      const isolated: typeof import('./test-app') = await import('./test-app');
      created = await isolated.createTestApp();
    });
    return created!;
  } finally {
    process.env = saved;
  }
}
