import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@app/config';
import { AppLogger, EnvelopingExpressAdapter, StartupLogLines } from '@app/http';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { DemoAppModule, DemoSeedOnStart, startDemoStandIns } from './seed';

// The boot's lines, each with its own time, until the app's logger is built (it needs the configuration).
const startupLines = new StartupLogLines();

async function bootstrap(): Promise<void> {
  // Without MONGODB_URI the app runs on the embedded database for development and demos, with the
  // demo seed beside it; a deployment names its database and gets the production module alone.
  const demo = !process.env.MONGODB_URI;
  // Outside production, stand-ins for the external systems left unconfigured fill their variables
  // before the app is built (the configuration is read then). They live and end with this process.
  const standIns = await startDemoStandIns(process.env);
  const app = await NestFactory.create<NestExpressApplication>(demo ? DemoAppModule : AppModule, new EnvelopingExpressAdapter(), {
    logger: startupLines,
    bodyParser: false,
    // A failed boot rejects (below: its lines and the reason printed) instead of aborting the process.
    abortOnError: false,
  });
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  startupLines.writeTo(logger);
  await configureApp(app);
  // Initialised before the demo seed writes anything: the indexes exist, and the listeners of its event history (alerts, inbox) subscribed in their modules' init.
  await app.init();
  if (demo) await app.get(DemoSeedOnStart).run();
  const port = app.get(AppConfig).get('PORT');
  await app.listen(port, '0.0.0.0');
  if (demo) app.get(DemoSeedOnStart).announce(`http://localhost:${port}`, standIns.descriptions);
}

bootstrap().catch((error: Error) => {
  startupLines.dump();

  console.error(`Fleet API failed to start: ${error.message}`);
  process.exit(1);
});
