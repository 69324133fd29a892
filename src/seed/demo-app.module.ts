import { Module } from '@nestjs/common';
import { AppModule } from '../app.module';
import { DemoSeedModule } from './demo-seed.module';

/** The app with the demo seed beside it: `npm start` on the embedded database, the command line and the tests. */
@Module({ imports: [AppModule, DemoSeedModule] })
export class DemoAppModule {}
