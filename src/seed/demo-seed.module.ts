import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DemoSeedOnStart } from './demo-seed-on-start';
import { DemoSeedService } from './demo-seed.service';
import { IdentityFleetSeeder } from './identity-fleet.seeder';

@Module({
  imports: [DiscoveryModule],
  providers: [DemoSeedService, DemoSeedOnStart, IdentityFleetSeeder],
  exports: [DemoSeedService, DemoSeedOnStart],
})
export class DemoSeedModule {}
