import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AssetDirectory } from './asset-directory.service';
import { AssetGroup, AssetGroupSchema } from './asset-group.schema';
import { Asset, AssetSchema } from './asset.schema';
import { Tracker, TrackerSchema } from './tracker.schema';

const fleetModels = MongooseModule.forFeature([
  { name: Tracker.name, schema: TrackerSchema },
  { name: Asset.name, schema: AssetSchema },
  { name: AssetGroup.name, schema: AssetGroupSchema },
]);

/** Trackers, assets and asset groups: shared by inspections, telemetry and maintenance. */
@Global()
@Module({
  imports: [fleetModels],
  providers: [AssetDirectory],
  exports: [fleetModels, AssetDirectory],
})
export class FleetModule {}
