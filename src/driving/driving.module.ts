import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { ReportsModule } from '@app/reports';
import { EventsModule } from '../events';
import { GeofencesModule } from '../geofences';
import { PositionsModule } from '../positions';
import { DriverSpans, NoDriverSpans } from './driver-spans';
import { DrivingScores } from './driving-scores.service';
import { DrivingReportController } from './report/driving-report.controller';
import { DrivingReportService } from './report/driving-report.service';
import { DrivingScoresController } from './scores/driving-scores.controller';
import { DrivingScoreSettingsController } from './settings/driving-score-settings.controller';
import { DrivingScoreSettings, DrivingScoreSettingsSchema } from './settings/driving-score-settings.schema';
import { DrivingScoreSettingsService } from './settings/driving-score-settings.service';

const settingsData = TenantDataModule.forFeature([{ name: DrivingScoreSettings.name, schema: DrivingScoreSettingsSchema }]);

/**
 * Driving behaviour (`access_reports`): scores per asset or driver (`GET /api/driving-scores`),
 * their weights (`/api/driving-score-settings`) and the driving report (`POST /api/reports/driving`,
 * and the scheduled `driving`). docs/driving.md.
 */
@Module({
  imports: [settingsData, EventsModule, GeofencesModule, PositionsModule, ReportsModule],
  controllers: [DrivingScoresController, DrivingScoreSettingsController, DrivingReportController],
  // Until the driver assignments plug in their own, no spans: scores by driver are empty.
  providers: [DrivingScores, DrivingScoreSettingsService, DrivingReportService, { provide: DriverSpans, useClass: NoDriverSpans }],
  exports: [DrivingReportService],
})
export class DrivingModule {}
