import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { LayerFeatures } from './layer-features.service';
import { LayerImport } from './layer-import.service';
import { LayersController } from './layers.controller';
import { LayersService } from './layers.service';
import { Layer, LayerSchema } from './schemas/layer.schema';

/** Map layers (`/api/layers`, `access_places`): GeoJSON overlays, made by hand or from a file. */
const layerData = TenantDataModule.forFeature([{ name: Layer.name, schema: LayerSchema }]);

@Module({
  imports: [layerData],
  controllers: [LayersController],
  providers: [LayersService, LayerImport, LayerFeatures],
  exports: [layerData],
})
export class LayersModule {}
