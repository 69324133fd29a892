import { Module } from '@nestjs/common';
import { AssetOwnedDataModule } from '@app/fleet';
import { ReportsModule } from '@app/reports';
import { DriversModule } from '../drivers';
import { PlacesModule } from '../places';
import { Visit, VisitSchema } from './schemas/visit.schema';
import { VisitReportController } from './report/visit-report.controller';
import { VisitReportService } from './report/visit-report.service';
import { VisitLedger } from './visit-ledger.service';
import { VisitsController } from './visits.controller';
import { VisitsService } from './visits.service';

/** Visits (`/api/visits`, `access_places`): kept from the place events the detector finds; their report (`POST /api/reports/visits`). */
const visitData = AssetOwnedDataModule.forFeature([{ name: Visit.name, schema: VisitSchema }]);

@Module({
  imports: [visitData, DriversModule, PlacesModule, ReportsModule],
  controllers: [VisitsController, VisitReportController],
  providers: [VisitLedger, VisitsService, VisitReportService],
  // The records, and the visit report (scheduled reports run it).
  exports: [visitData, VisitReportService],
})
export class VisitsModule {}
