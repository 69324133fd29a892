import { Module } from '@nestjs/common';
import { AssetOwnedDataModule } from '@app/fleet';
import { PositionsModule } from '../positions';
import { MetersController } from './meters.controller';
import { MetersChanged } from './meters-changed';
import { MetersFromTelemetry } from './meters-from-telemetry.service';
import { MetersService } from './meters.service';
import { AssetMeter, AssetMeterSchema } from './schemas/asset-meter.schema';
import { MeterReading, MeterReadingSchema } from './schemas/meter-reading.schema';

const meterData = AssetOwnedDataModule.forFeature([
  { name: AssetMeter.name, schema: AssetMeterSchema },
  { name: MeterReading.name, schema: MeterReadingSchema },
]);

/** Asset meters (`/api/assets/{id}/meters`, `…/meter-readings`, `access_maintenance`): odometer and engine hours from telemetry and readings. */
@Module({
  imports: [meterData, PositionsModule],
  controllers: [MetersController],
  providers: [MetersService, MetersChanged, MetersFromTelemetry],
  exports: [MetersService, MetersChanged, MetersFromTelemetry],
})
export class MetersModule {}
