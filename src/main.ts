import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@app/config';
import { EnvelopingExpressAdapter } from '@app/http';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { DemoSeedOnStart } from './seed/demo-seed-on-start';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, new EnvelopingExpressAdapter(), {
    bufferLogs: true,
    bodyParser: false,
  });
  await configureApp(app);
  await app.get(DemoSeedOnStart).run();
  const port = app.get(AppConfig).get('PORT');
  await app.listen(port, '0.0.0.0');
  app.get(DemoSeedOnStart).announce(`http://localhost:${port}`);
}

bootstrap().catch((error: Error) => {
  // eslint-disable-next-line no-console
  console.error(`Fleet API failed to start: ${error.message}`);
  process.exit(1);
});
