import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { DriversController } from './drivers.controller';
import { DriversService } from './drivers.service';
import { DriverSearchKeysBackfill } from './driver-search-keys.backfill';
import { DriversImportService } from './import/drivers-import.service';
import { DriverImportPreviewService } from './preview/driver-import-preview.service';
import { Driver, DriverSchema } from './schemas/driver.schema';

const driversData = TenantDataModule.forFeature([{ name: Driver.name, schema: DriverSchema, repository: { batchReadsById: true } }]);

/** Drivers: the spreadsheet import and the driver lookup (`/api/drivers`). */
@Module({
  imports: [driversData],
  controllers: [DriversController],
  providers: [DriversService, DriversImportService, DriverImportPreviewService, DriverSearchKeysBackfill],
  exports: [driversData],
})
export class DriversModule {}
