// The demo seed: its own module, loaded by `npm start` on the embedded database, the command line and the tests.
export { DemoSeedModule } from './demo-seed.module';
export { DemoSeedService } from './demo-seed.service';
export { DemoSeedOnStart } from './demo-seed-on-start';
export type { DemoClientContext, DemoManifest, DemoClientManifest } from './demo-manifest';
export { DemoAppModule } from './demo-app.module';
export { DemoSimulator } from './simulator/demo-simulator';
export { isDemoEnvironment, startDemoStandIns, startOfflineGeocoder, startPortalStandIn } from './stand-ins';
export type { DemoStandIns } from './stand-ins';
