import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { ConfiguredGeocoderClient } from '@app/integrations';
import { PlacesGeocodeController } from './geocoding/places-geocode.controller';
import { PlaceIndex } from './place-index.service';
import { PlaceImporter } from './import/place-importer.service';
import { PlacesImportController } from './places-import.controller';
import { PlacesController } from './places.controller';
import { PlacesService } from './places.service';
import { Place, PLACE_CHANGES, PlaceSchema, PlaceVersion, PlaceVersionSchema } from './schemas/place.schema';

/** Places (`/api/places`, `access_places`), each client's spatial index of them, and their visits. */
const placeData = TenantDataModule.forFeature([{ name: Place.name, schema: PlaceSchema }]);

@Module({
  imports: [placeData, MongooseModule.forFeature([{ name: PlaceVersion.name, schema: PlaceVersionSchema }, PLACE_CHANGES])],
  controllers: [PlacesImportController, PlacesController, PlacesGeocodeController],
  providers: [PlaceIndex, PlacesService, PlaceImporter, ConfiguredGeocoderClient],
  exports: [placeData, PlaceIndex],
})
export class PlacesModule {}
