import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { FormsModule } from '../forms/forms.module';
import { InspectionsController } from './inspections.controller';
import { InspectionsDemoSeeder } from './inspections.seeder';
import { InspectionsService } from './inspections.service';
import { QrCodesService } from './qr-codes/qr-codes.service';
import { InspectionQrCode, InspectionQrCodeSchema } from './schemas/inspection-qr-code.schema';
import { InspectionQrScan, InspectionQrScanSchema } from './schemas/inspection-qr-scan.schema';

/** Inspection QR codes and scans (`/api/inspections/scan/{code}`). */
@Module({
  imports: [
    FormsModule,
    MongooseModule.forFeature([
      { name: InspectionQrCode.name, schema: InspectionQrCodeSchema },
      { name: InspectionQrScan.name, schema: InspectionQrScanSchema },
    ]),
  ],
  controllers: [InspectionsController],
  providers: [InspectionsService, QrCodesService, InspectionsDemoSeeder],
  exports: [QrCodesService],
})
export class InspectionsModule {}
