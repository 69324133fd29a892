import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { ReportsModule } from '@app/reports';
import { DriversModule } from '../drivers';
import { EventsModule } from '../events';
import { GeofencesModule } from '../geofences';
import { PositionsModule } from '../positions';
import { AssignedDriverSpans } from './assigned-driver-spans';
import { DriverSpans } from './driver-spans';
import { DrivingScores } from './driving-scores.service';
import { DrivingReportController } from './report/driving-report.controller';
import { DrivingReportService } from './report/driving-report.service';
import { DrivingDay, DrivingDaySchema, DrivingWalk, DrivingWalkSchema } from './rollups/driving-day.schema';
import { DrivingDays } from './rollups/driving-days';
import { DrivingClosing, DrivingClosingSchema, DrivingMonth, DrivingMonthSchema } from './rollups/driving-month.schema';
import { DrivingMonths } from './rollups/driving-months';
import { DrivingMonthsCloser } from './rollups/driving-months.closer';
import { HarshMonthsBackfill } from './rollups/harsh-months.backfill';
import { HarshMonthsListener } from './rollups/harsh-months.listener';
import { DrivingRollupProcessor } from './rollups/driving-rollup.processor';
import { DrivingScoresController } from './scores/driving-scores.controller';
import { DrivingScoreSettingsController } from './settings/driving-score-settings.controller';
import { DrivingScoreSettings, DrivingScoreSettingsSchema } from './settings/driving-score-settings.schema';
import { DrivingScoreSettingsService } from './settings/driving-score-settings.service';

const settingsData = TenantDataModule.forFeature([{ name: DrivingScoreSettings.name, schema: DrivingScoreSettingsSchema }]);
const rollups = MongooseModule.forFeature([
  { name: DrivingDay.name, schema: DrivingDaySchema },
  { name: DrivingWalk.name, schema: DrivingWalkSchema },
  { name: DrivingMonth.name, schema: DrivingMonthSchema },
  { name: DrivingClosing.name, schema: DrivingClosingSchema },
]);

/**
 * Driving behaviour (`access_reports`): scores per asset or driver (`GET /api/driving-scores`),
 * their weights (`/api/driving-score-settings`) and the driving report (`POST /api/reports/driving`,
 * and the scheduled `driving`), read from per-asset per-day rollups the ingestion pipeline writes
 * (`DrivingRollupProcessor`), their ended days copied into months with the harsh events (`DrivingMonths`). docs/driving.md.
 */
@Module({
  imports: [settingsData, rollups, DriversModule, EventsModule, GeofencesModule, PositionsModule, ReportsModule],
  controllers: [DrivingScoresController, DrivingScoreSettingsController, DrivingReportController],
  // Who drove each asset when: the drivers domain's assignments.
  providers: [
    DrivingScores,
    DrivingDays,
    DrivingMonths,
    DrivingMonthsCloser,
    HarshMonthsBackfill,
    HarshMonthsListener,
    DrivingRollupProcessor,
    DrivingScoreSettingsService,
    DrivingReportService,
    { provide: DriverSpans, useClass: AssignedDriverSpans },
  ],
  exports: [DrivingReportService],
})
export class DrivingModule {}
