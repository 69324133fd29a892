import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { GeofenceIndex } from './geofence-index.service';
import { GeofencesController } from './geofences.controller';
import { GeofencesService } from './geofences.service';
import { Geofence, GeofenceSchema, GeofenceVersion, GeofenceVersionSchema } from './schemas/geofence.schema';

/** Geofences (`/api/geofences`, `access_geofences`) and each client's spatial index of them. */
@Module({
  imports: [
    TenantDataModule.forFeature([{ name: Geofence.name, schema: GeofenceSchema }]),
    // Keyed by client id: a change counter, not a client's record.
    MongooseModule.forFeature([{ name: GeofenceVersion.name, schema: GeofenceVersionSchema }]),
  ],
  controllers: [GeofencesController],
  providers: [GeofencesService, GeofenceIndex],
  exports: [GeofenceIndex],
})
export class GeofencesModule {}
