import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { AssetOwnedDataModule } from '@app/fleet';
import { DriversController } from './drivers.controller';
import { DriversService } from './drivers.service';
import { DriverSearchKeysBackfill } from './driver-search-keys.backfill';
import { DriversImportService } from './import/drivers-import.service';
import { DriverImportPreviewService } from './preview/driver-import-preview.service';
import { Driver, DriverSchema } from './schemas/driver.schema';
import { DriverAssignmentsController } from './assignments/driver-assignments.controller';
import { DriverAssignmentsService } from './assignments/driver-assignments.service';
import { DriverAssignments } from './assignments/driver-assignments';
import { DriverAssignment, DriverAssignmentSchema } from './assignments/schemas/driver-assignment.schema';
import { DriverKeyVersion, DriverKeyVersionSchema } from './schemas/driver-key-version.schema';
import { DriverAssignmentVersion, DriverAssignmentVersionSchema } from './schemas/driver-assignment-version.schema';
import { DriverKeys } from './telemetry/driver-keys';

const driversData = TenantDataModule.forFeature([{ name: Driver.name, schema: DriverSchema, repository: { batchReadsById: true } }]);
const assignmentData = AssetOwnedDataModule.forFeature([{ name: DriverAssignment.name, schema: DriverAssignmentSchema }]);

/**
 * Drivers: the spreadsheet import and the driver lookup (`/api/drivers`), and who drives which
 * vehicle when (`/api/assets/{id}/driver-assignments`; `DriverAssignments` labels other domains' records).
 */
@Module({
  imports: [
    driversData,
    assignmentData,
    MongooseModule.forFeature([
      { name: DriverKeyVersion.name, schema: DriverKeyVersionSchema },
      { name: DriverAssignmentVersion.name, schema: DriverAssignmentVersionSchema },
    ]),
  ],
  controllers: [DriversController, DriverAssignmentsController],
  providers: [
    DriversService,
    DriversImportService,
    DriverImportPreviewService,
    DriverSearchKeysBackfill,
    DriverAssignmentsService,
    DriverAssignments,
    DriverKeys,
  ],
  exports: [driversData, assignmentData, DriverAssignments, DriverAssignmentsService, DriverKeys],
})
export class DriversModule {}
