import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { AssetOwnedDataModule } from '@app/fleet';
import { DriversModule } from '../drivers';
import { PositionsModule } from '../positions';
import { FuelCostsService } from './costs/fuel-costs.service';
import { TripFuelCosts } from './costs/trip-fuel-costs.service';
import { TripReportExportCache } from './export-cache/trip-report-export-cache.service';
import { FuelPricesController } from './fuel-prices.controller';
import { FuelTariffsController } from './fuel-tariffs.controller';
import { PriceChangeLeases } from './price-change/price-change-leases';
import { PriceChangeResumer } from './price-change/price-change-resumer';
import { PriceChangeRunner } from './price-change/price-change-runner.service';
import { PriceChangeRuns } from './price-change/price-change-runs.service';
import { PriceChangesService } from './price-change/price-changes.service';
import { FuelPriceHistoryService } from './prices/fuel-price-history.service';
import { FuelCostEntry, FuelCostEntrySchema } from './schemas/fuel-cost-entry.schema';
import { FuelPriceChange, FuelPriceChangeSchema } from './schemas/fuel-price-change.schema';
import { FuelPriceRecord, FuelPriceRecordSchema } from './schemas/fuel-price-record.schema';
import { FuelTariff, FuelTariffSchema } from './schemas/fuel-tariff.schema';
import { TripReportExport, TripReportExportGeneration, TripReportExportGenerationSchema, TripReportExportSchema } from './schemas/trip-report-export.schema';
import { FuelTariffsService } from './tariffs/fuel-tariffs.service';
import { ReportsModule } from '@app/reports';
import { FleetReportsController } from './reports/fleet-reports.controller';
import { FleetReportReader } from './reports/fleet-report-reader';
import { FleetReportsService } from './reports/fleet-reports.service';
import { RefuelsController } from './refuels/refuels.controller';
import { RefuelsService } from './refuels/refuels.service';
import { RefuelImportService } from './refuels/import/refuel-import.service';
import { Refuel, RefuelSchema } from './refuels/refuel.schema';
import { MetersModule } from '../meters';

const fuelData = TenantDataModule.forFeature([
  { name: FuelTariff.name, schema: FuelTariffSchema },
  // Global records (`scope: 'global'`) are read by every client beside its own.
  { name: FuelPriceRecord.name, schema: FuelPriceRecordSchema, repository: { shared: { scope: 'global' } } },
  { name: FuelPriceChange.name, schema: FuelPriceChangeSchema },
  { name: TripReportExport.name, schema: TripReportExportSchema },
]);
// A cost entry of an asset (a trip, a refuelling) is seen by whoever may see the asset.
const costData = AssetOwnedDataModule.forFeature([
  { name: FuelCostEntry.name, schema: FuelCostEntrySchema },
  { name: Refuel.name, schema: RefuelSchema },
]);

/**
 * Fuel: tariffs and their manual price changes (`/api/fuel-tariffs`), the price validity history
 * (`/api/fuel-prices`), the cost history and the trip report export cache the changes invalidate.
 */
@Module({
  imports: [
    // Trips for the reports, and where the vehicle was when a refuel was paid.
    PositionsModule,
    // The asset's odometer when a refuel was paid (`odometer_mismatch`).
    MetersModule,
    // The trip report's driver column.
    DriversModule,
    ReportsModule,
    fuelData,
    costData,
    MongooseModule.forFeature([{ name: TripReportExportGeneration.name, schema: TripReportExportGenerationSchema }]),
  ],
  controllers: [FuelTariffsController, FuelPricesController, RefuelsController, FleetReportsController],
  providers: [
    FuelTariffsService,
    FuelPriceHistoryService,
    PriceChangesService,
    PriceChangeRunner,
    PriceChangeLeases,
    PriceChangeRuns,
    PriceChangeResumer,
    FuelCostsService,
    TripFuelCosts,
    TripReportExportCache,
    RefuelsService,
    RefuelImportService,
    FleetReportReader,
    FleetReportsService,
  ],
  // For report builders: read costs at their applied prices, and cache built trip exports.
  // And the trip and fuel reports, for scheduled reports.
  exports: [fuelData, costData, FuelCostsService, TripFuelCosts, TripReportExportCache, RefuelsService, FleetReportsService],
})
export class FuelModule {}
