import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DriversController } from './drivers.controller';
import { DriversDemoSeeder } from './drivers.seeder';
import { DriversService } from './drivers.service';
import { DriversImportService } from './import/drivers-import.service';
import { Driver, DriverSchema } from './schemas/driver.schema';

/** Drivers: the spreadsheet import and the driver lookup (`/api/drivers`). */
@Module({
  imports: [MongooseModule.forFeature([{ name: Driver.name, schema: DriverSchema }])],
  controllers: [DriversController],
  providers: [DriversService, DriversImportService, DriversDemoSeeder],
})
export class DriversModule {}
