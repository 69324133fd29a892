import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PositionsModule } from '../../positions';
import { DriversModule } from '../drivers.module';
import { DriverKeyProcessor } from './driver-key.processor';
import { DriverKeyState, DriverKeyStateSchema } from './driver-key-state.schema';
import { TripDriverLabels } from './trip-driver-labels';

/**
 * Driver assignments from the telemetry's driver key (a processor of the ingestion pipeline), and
 * the trips' drivers (`TripDriverHook`). Apart
 * from `DriversModule` because the telemetry domain labels its trips with the drivers' assignments.
 */
@Module({
  imports: [DriversModule, PositionsModule, MongooseModule.forFeature([{ name: DriverKeyState.name, schema: DriverKeyStateSchema }])],
  providers: [DriverKeyProcessor, TripDriverLabels],
})
export class DriverTelemetryModule {}
