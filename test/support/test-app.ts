import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { getConnectionToken } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import type { Connection } from 'mongoose';
import type { App } from 'supertest/types';

export interface TestApp {
  app: INestApplication;
  server: App;
  connection: Connection;
  close(): Promise<void>;
}

async function boot(AppModule: unknown): Promise<TestApp> {
  const { configureApp } = await import('../../src/app.setup');
  const moduleRef = await Test.createTestingModule({ imports: [AppModule as never] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, bufferLogs: true });
  await configureApp(app);
  await app.init();
  const connection = app.get<Connection>(getConnectionToken());
  return {
    app,
    server: app.getHttpServer(),
    connection,
    async close() {
      await connection.dropDatabase().catch(() => undefined);
      await app.close();
    },
  };
}

/**
 * The real app (same HTTP stack as `main`) on this test file's own database. Providers can be
 * taken from `app.get(...)` for factories and assertions.
 */
export async function createTestApp(): Promise<TestApp> {
  const { AppModule } = await import('../../src/app.module');
  return boot(AppModule);
}

/**
 * A second app with other configuration (read when the app module is loaded, so it is loaded
 * afresh). Its providers are other classes than the test file's imports: use it through HTTP.
 */
export async function createTestAppWithEnv(env: Record<string, string>): Promise<TestApp> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    let loaded: unknown;
    await jest.isolateModulesAsync(async () => {
      loaded = (await import('../../src/app.module')).AppModule;
    });
    return await boot(loaded);
  } finally {
    process.env = saved;
  }
}
