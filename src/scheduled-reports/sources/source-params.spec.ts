import { ActivityReportSource } from './activity.source';
import { DrivingReportSource } from './driving.source';
import { TripsReportSource } from './fleet.sources';
import { InspectionsReportSource } from './inspections.source';
import { InvoicesReportSource } from './invoices.source';
import type { ReportSource } from './report-source';
import { VisitsReportSource } from './visits.source';

const id = (n: number) => n.toString(16).padStart(24, '0');
const ids = (count: number) => Array.from({ length: count }, (_, n) => id(n + 1));

// `checkParams` reads nothing: the sources are built without their services.
const source = (Source: new (...services: never[]) => ReportSource) => new Source();

/** Each report's `params` as a schedule gives them, in the words of the 400 (the HTTP side: scheduled-fleet-reports.e2e-spec.ts). */
describe('scheduled report params', () => {
  it('fleet reports take 1 to 100 distinct asset ids, nothing else', () => {
    const trips = source(TripsReportSource);
    expect(trips.checkParams({ assetIds: ids(100) })).toBeNull();
    for (const assetIds of [[], ids(101), [id(1), id(1)], ['nope'], [7], 'x', undefined]) {
      expect(trips.checkParams({ assetIds })).toBe('params.assetIds must be 1 to 100 distinct asset ids');
    }
    expect(trips.checkParams({ assetIds: ids(1), from: 'x' })).toBe('params: unknown from (this report takes assetIds)');
  });

  it('the visit report takes the assets and 1 to 500 distinct place ids if any', () => {
    const visits = source(VisitsReportSource);
    expect(visits.checkParams({ assetIds: ids(2) })).toBeNull();
    expect(visits.checkParams({ assetIds: ids(2), placeIds: ids(500) })).toBeNull();
    expect(visits.checkParams({ assetIds: ids(2), placeIds: ids(501) })).toBe('params.placeIds must be 1 to 500 distinct place ids');
    expect(visits.checkParams({ placeIds: ids(1) })).toBe('params.assetIds must be 1 to 100 distinct asset ids');
    expect(visits.checkParams({ assetIds: ids(1), places: [] })).toBe('params: unknown places (this report takes assetIds, placeIds)');
  });

  it('the driving report takes optional asset and driver ids and a grouping', () => {
    const driving = source(DrivingReportSource);
    expect(driving.checkParams({})).toBeNull();
    expect(driving.checkParams({ assetIds: ids(100), driverIds: ids(3), groupBy: 'driver' })).toBeNull();
    expect(driving.checkParams({ driverIds: [id(1), id(1)] })).toBe('params.driverIds must be 1 to 100 distinct driver ids');
    expect(driving.checkParams({ assetIds: ids(101) })).toBe('params.assetIds must be 1 to 100 distinct asset ids');
    expect(driving.checkParams({ groupBy: 'day' })).toBe('params.groupBy must be asset or driver');
    expect(driving.checkParams({ period: 'x' })).toBe('params: unknown period (this report takes assetIds, driverIds, groupBy)');
  });

  it('the inspections report takes `critical: true` only', () => {
    const inspections = source(InspectionsReportSource);
    expect(inspections.checkParams({})).toBeNull();
    expect(inspections.checkParams({ critical: true })).toBeNull();
    expect(inspections.checkParams({ critical: false })).toBe('params.critical must be true when given');
    expect(inspections.checkParams({ assetId: id(1) })).toBe('params: unknown assetId (this report takes critical)');
  });

  it('the activity log takes short texts of its filters; the invoices nothing', () => {
    const activity = source(ActivityReportSource);
    expect(activity.checkParams({ action: 'driver.import', actorId: id(1) })).toBeNull();
    expect(activity.checkParams({ action: '' })).toBe('params.action must be a text of 1 to 100 characters');
    expect(activity.checkParams({ entityType: 3 })).toBe('params.entityType must be a text of 1 to 100 characters');
    expect(activity.checkParams({ who: 'x' })).toBe('params: unknown who (this report takes actorId, action, entityType)');
    expect(source(InvoicesReportSource).checkParams({ x: 1 })).toBe('params: unknown x (this report takes none)');
    expect(source(InvoicesReportSource).checkParams({})).toBeNull();
  });
});
