import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { PlaceIndex } from './place-index.service';
import { PlaceImporter } from './import/place-importer.service';
import { PlacesImportController } from './places-import.controller';
import { PlacesController } from './places.controller';
import { PlacesService } from './places.service';
import { Place, PlaceSchema, PlaceVersion, PlaceVersionSchema } from './schemas/place.schema';

/** Places (`/api/places`, `access_places`), each client's spatial index of them, and their visits. */
const placeData = TenantDataModule.forFeature([{ name: Place.name, schema: PlaceSchema }]);

@Module({
  imports: [placeData, MongooseModule.forFeature([{ name: PlaceVersion.name, schema: PlaceVersionSchema }])],
  controllers: [PlacesImportController, PlacesController],
  providers: [PlaceIndex, PlacesService, PlaceImporter],
  exports: [placeData, PlaceIndex],
})
export class PlacesModule {}
