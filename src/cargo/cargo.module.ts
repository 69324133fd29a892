import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { CargoController } from './cargo.controller';
import { CargoService } from './cargo.service';
import { CargoLocation, CargoLocationSchema } from './schemas/cargo-location.schema';

const cargoData = TenantDataModule.forFeature([{ name: CargoLocation.name, schema: CargoLocationSchema }]);

/** Cargo: the places where a client's cargo is loaded or delivered (`/api/cargo/ubicaciones`). */
@Module({
  imports: [cargoData],
  controllers: [CargoController],
  providers: [CargoService],
  exports: [cargoData],
})
export class CargoModule {}
