import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ConfiguredGeocoderClient } from '@app/integrations';
import { TelemetrySourceModule } from '../sources/telemetry-source.module';
import { TelemetryStoreModule } from '../store/telemetry-store.module';
import { AddressResolver } from './address-resolver.service';
import { GeocodeCacheEntry, GeocodeCacheEntrySchema } from './geocode-cache.schema';
import { TripDriverHook } from './trip-driver-hook';
import { TripFuelHook } from './trip-fuel-hook';
import { TripReader } from './trip-reader.service';
import { TripRecorder } from './trip-recorder.service';
import { TripsController } from './trips.controller';
import { TripsService } from './trips.service';

/** Trips: detected from stored messages as they arrive (`TripRecorder`), read with their addresses. */
@Module({
  // Geocodes are keyed by place, not by client.
  imports: [TelemetryStoreModule, TelemetrySourceModule, MongooseModule.forFeature([{ name: GeocodeCacheEntry.name, schema: GeocodeCacheEntrySchema }])],
  controllers: [TripsController],
  providers: [TripFuelHook, TripDriverHook, TripReader, TripRecorder, TripsService, ConfiguredGeocoderClient, AddressResolver],
  exports: [TripFuelHook, TripDriverHook, TripReader, TripRecorder, AddressResolver],
})
export class TripsModule {}
