// The public surface of the fuel domain: report builders read costs at their applied prices and
// cache built trip exports; the demo seed writes tariffs, validities and costs.
export { FuelModule } from './fuel.module';
export { FuelCostsService, type FuelCostLine } from './costs/fuel-costs.service';
export { TripFuelCosts, tripLiters, type CostedTrip, type TripFuel } from './costs/trip-fuel-costs.service';
export { TripReportExportCache, type CachedExport } from './export-cache/trip-report-export-cache.service';
export { FuelCostEntry } from './schemas/fuel-cost-entry.schema';
export { FuelPriceRecord } from './schemas/fuel-price-record.schema';
export { FuelTariff } from './schemas/fuel-tariff.schema';
// Refuels: recorded by the demo seed like a request would; read by the fuel report.
export { RefuelsService } from './refuels/refuels.service';
export type { RefuelView } from './refuels/refuel.view';
export { Refuel } from './refuels/refuel.schema';
// The trip and fuel reports, which scheduled reports also run.
export { FleetReportsService, type FleetReportKind } from './reports/fleet-reports.service';
// Their request body, which the visit report extends.
export { FleetReportDto, FLEET_REPORT_FORMATS, type FleetReportFormat } from './dto/fleet-report.dto';
