import { Module } from '@nestjs/common';
import { AssetOwnedDataModule } from '@app/fleet';
import { EventsModule } from '../events';
import { FormsModule } from '../forms';
import { MaintenanceModule } from '../maintenance';
import { MetersModule } from '../meters';
import { PositionsModule } from '../positions';
import { UploadsModule } from '../uploads';
import { InspectionsController } from './inspections.controller';
import { QrScanService } from './scan/qr-scan.service';
import { QrCodesService } from './qr-codes/qr-codes.service';
import { InspectionQueriesService } from './submissions/inspection-queries.service';
import { InspectionEvents } from './submissions/inspection-events';
import { InspectionEventsJob } from './submissions/inspection-events-job';
import { InspectionSubmissionService } from './submissions/inspection-submission.service';
import { KeyedSubmissions } from './submissions/keyed-submissions';
import { OrphanWorkOrderSweep } from './submissions/orphan-work-order-sweep';
import { Inspection, InspectionSchema } from './schemas/inspection.schema';
import { InspectionQrCode, InspectionQrCodeSchema } from './schemas/inspection-qr-code.schema';
import { InspectionQrScan, InspectionQrScanSchema } from './schemas/inspection-qr-scan.schema';

/** Inspection QR codes and scans (`/api/inspections/scan/{code}`). */
@Module({
  imports: [
    FormsModule,
    UploadsModule,
    MaintenanceModule,
    MetersModule,
    EventsModule,
    PositionsModule,
    AssetOwnedDataModule.forFeature([
      { name: Inspection.name, schema: InspectionSchema },
      { name: InspectionQrCode.name, schema: InspectionQrCodeSchema },
      { name: InspectionQrScan.name, schema: InspectionQrScanSchema },
    ]),
  ],
  controllers: [InspectionsController],
  providers: [
    QrScanService,
    QrCodesService,
    InspectionSubmissionService,
    InspectionEvents,
    InspectionEventsJob,
    KeyedSubmissions,
    InspectionQueriesService,
    OrphanWorkOrderSweep,
  ],
  exports: [QrCodesService, InspectionSubmissionService, InspectionQueriesService],
})
export class InspectionsModule {}
