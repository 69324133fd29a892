import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { GeofenceIndex } from './geofence-index.service';
import { GeofencesController } from './geofences.controller';
import { GeofencesService } from './geofences.service';
import { Geofence, GeofenceSchema, GeofenceVersion, GeofenceVersionSchema } from './schemas/geofence.schema';

/** Geofences (`/api/geofences`, `access_geofences`) and each client's spatial index of them. */
const geofenceData = TenantDataModule.forFeature([{ name: Geofence.name, schema: GeofenceSchema }]);

@Module({
  imports: [
    geofenceData,
    // Keyed by client id: a change counter, not a client's record.
    MongooseModule.forFeature([{ name: GeofenceVersion.name, schema: GeofenceVersionSchema }]),
  ],
  controllers: [GeofencesController],
  providers: [GeofencesService, GeofenceIndex],
  exports: [geofenceData, GeofenceIndex],
})
export class GeofencesModule {}
