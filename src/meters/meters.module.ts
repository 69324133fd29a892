import { Module } from '@nestjs/common';
import { AssetOwnedDataModule } from '@app/fleet';
import { PositionsModule } from '../positions';
import { MeterCheckpoints } from './meter-checkpoints';
import { MeterCheckpointsSweep } from './meter-checkpoints.sweep';
import { MetersController } from './meters.controller';
import { MetersChanged } from './meters-changed';
import { MetersFromTelemetry } from './meters-from-telemetry.service';
import { MetersService } from './meters.service';
import { AssetMeterCheckpoint, AssetMeterCheckpointSchema } from './schemas/asset-meter-checkpoint.schema';
import { AssetMeter, AssetMeterSchema } from './schemas/asset-meter.schema';
import { MeterReading, MeterReadingSchema } from './schemas/meter-reading.schema';

const meterData = AssetOwnedDataModule.forFeature([
  // Meters written before the checkpoints had their collection still carry them: never read.
  { name: AssetMeter.name, schema: AssetMeterSchema, repository: { projection: { checkpoints: 0 } } },
  { name: AssetMeterCheckpoint.name, schema: AssetMeterCheckpointSchema },
  { name: MeterReading.name, schema: MeterReadingSchema },
]);

/** Asset meters (`/api/assets/{id}/meters`, `…/meter-readings`, `access_maintenance`): odometer and engine hours from telemetry and readings. */
@Module({
  imports: [meterData, PositionsModule],
  controllers: [MetersController],
  providers: [MetersService, MetersChanged, MetersFromTelemetry, MeterCheckpoints, MeterCheckpointsSweep],
  exports: [MetersService, MetersChanged, MetersFromTelemetry],
})
export class MetersModule {}
