import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { FormsModule } from '../forms';
import { InspectionsController } from './inspections.controller';
import { InspectionsService } from './inspections.service';
import { QrCodesService } from './qr-codes/qr-codes.service';
import { InspectionQrCode, InspectionQrCodeSchema } from './schemas/inspection-qr-code.schema';
import { InspectionQrScan, InspectionQrScanSchema } from './schemas/inspection-qr-scan.schema';

/** Inspection QR codes and scans (`/api/inspections/scan/{code}`). */
@Module({
  imports: [
    FormsModule,
    TenantDataModule.forFeature([
      { name: InspectionQrCode.name, schema: InspectionQrCodeSchema },
      { name: InspectionQrScan.name, schema: InspectionQrScanSchema },
    ]),
  ],
  controllers: [InspectionsController],
  providers: [InspectionsService, QrCodesService],
  exports: [QrCodesService],
})
export class InspectionsModule {}
