import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CargoController } from './cargo.controller';
import { CargoDemoSeeder } from './cargo.seeder';
import { CargoService } from './cargo.service';
import { CargoLocation, CargoLocationSchema } from './schemas/cargo-location.schema';

/** Cargo: the places where a client's cargo is loaded or delivered (`/api/cargo/ubicaciones`). */
@Module({
  imports: [MongooseModule.forFeature([{ name: CargoLocation.name, schema: CargoLocationSchema }])],
  controllers: [CargoController],
  providers: [CargoService, CargoDemoSeeder],
})
export class CargoModule {}
