import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AssetOwnedDataModule } from '@app/fleet';
import { PositionsModule } from '../positions';
import { MeterFolds } from './meter-folds';
import { MeterReadingRecorder } from './meter-reading-recorder';
import { MetersController } from './meters.controller';
import { MetersProcessor } from './meters-processor';
import { MetersReader } from './meters-reader';
import { MetersRecent } from './meters-recent';
import { ReachedMeterWatches } from './reached-meter-watches';
import { AssetMetersRecent, AssetMetersRecentSchema } from './schemas/asset-meters-recent.schema';
import { MetersService } from './meters.service';
import { AssetMeter, AssetMeterSchema } from './schemas/asset-meter.schema';
import { MeterReading, MeterReadingSchema } from './schemas/meter-reading.schema';

const meterData = AssetOwnedDataModule.forFeature([
  // Meters written before the checkpoints had their collection still carry them: never read.
  { name: AssetMeter.name, schema: AssetMeterSchema, repository: { projection: { checkpoints: 0 } } },
  { name: MeterReading.name, schema: MeterReadingSchema },
]);

// Keyed by partition, not by client: reached after the caller's scope has named the assets.
const recentCounts = MongooseModule.forFeature([{ name: AssetMetersRecent.name, schema: AssetMetersRecentSchema }]);

/** Asset meters (`/api/assets/{id}/meters`, `…/meter-readings`, `access_maintenance`): odometer and engine hours from telemetry and readings. */
@Module({
  imports: [meterData, recentCounts, PositionsModule],
  controllers: [MetersController],
  providers: [MetersService, MeterReadingRecorder, MetersReader, MetersProcessor, MetersRecent, MeterFolds, ReachedMeterWatches],
  exports: [MetersService],
})
export class MetersModule {}
