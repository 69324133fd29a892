import { AUTH_POLICY_KEY, AuthPolicy, Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { appRoutes } from '../support/app-routes';

/**
 * The access decision of every route of the spec (its permission table and DESIGN.md's
 * decisions). `null` permission: any authenticated user. Add every new route here.
 */
export const ROUTE_POLICIES: Record<string, { permission: Permission | null; bearerOnly?: boolean } | 'public'> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/time': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': { permission: null },
  'GET /api/auth/me': { permission: null },
  'GET /api/auth/api-tokens': { permission: null },
  'POST /api/auth/api-tokens': { permission: null },
  'DELETE /api/auth/api-tokens/:id': { permission: null },
  'POST /api/drivers/import': { permission: Permission.Drivers, bearerOnly: true },
  'GET /api/drivers/:id': { permission: null },
  'POST /api/drivers/import/preview': { permission: Permission.Drivers },
  'GET /api/drivers/import/template': { permission: Permission.Drivers },
  'GET /api/drivers': { permission: Permission.Drivers },
  'POST /api/drivers': { permission: Permission.Drivers },
  'PATCH /api/drivers/:id': { permission: Permission.Drivers },
  'DELETE /api/drivers/:id': { permission: Permission.Drivers },
  'POST /api/assets/:id/driver-assignments': { permission: Permission.Drivers },
  'GET /api/assets/:id/driver-assignments': { permission: Permission.Drivers },
  'DELETE /api/assets/:id/driver-assignments/:assignmentId': { permission: Permission.Drivers },
  'GET /api/drivers/:id/assignments': { permission: Permission.Drivers },
  'PATCH /api/users/:id/change-password': { permission: Permission.User },
  'GET /api/users': { permission: Permission.User },
  'GET /api/users/:id': { permission: Permission.User },
  'POST /api/users': { permission: Permission.User },
  'PATCH /api/users/:id': { permission: Permission.User },
  'GET /api/roles': { permission: Permission.User },
  'GET /api/roles/:id': { permission: Permission.User },
  'POST /api/roles': { permission: Permission.User },
  'PATCH /api/roles/:id': { permission: Permission.User },
  'DELETE /api/roles/:id': { permission: Permission.User },
  'GET /api/permissions': { permission: Permission.User },
  'GET /api/partner/:userId': { permission: null },
  'GET /api/activity-log/:id': { permission: Permission.ActivityLog },
  'GET /api/activity-log': { permission: Permission.ActivityLog },
  'GET /api/activity-log/export': { permission: Permission.ActivityLog },
  'POST /api/positions/stats': { permission: Permission.Reports },
  'POST /api/reports/temperature/stats': { permission: Permission.Reports },
  'POST /api/reports/stops': { permission: Permission.Reports },
  'GET /api/trips/:vendorId/trip/:tripId': { permission: null },
  // The flespi stream's target: public for the user guards, its own ingest-token guard.
  'POST /api/telemetry/flespi': 'public',
  'GET /api/positions/latest': { permission: Permission.Positions },
  'GET /api/positions/stream': { permission: Permission.Positions },
  'POST /api/positions/area-search': { permission: Permission.Positions },
  'GET /api/assets/:id/track': { permission: Permission.Positions },
  'GET /api/trips/:vendorId': { permission: Permission.Positions },
  'GET /api/inspections/scan/:code': { permission: Permission.Inspections },
  'POST /api/inspections': { permission: Permission.Inspections },
  'GET /api/inspections': { permission: Permission.Inspections },
  'GET /api/inspections/:id': { permission: Permission.Inspections },
  'POST /api/uploads': { permission: Permission.Inspections },
  'GET /api/uploads/:id': { permission: Permission.Inspections },
  'GET /api/dynamic-forms': { permission: Permission.DynamicForms },
  'POST /api/dynamic-forms': { permission: Permission.DynamicForms },
  'GET /api/dynamic-forms/:id': { permission: Permission.DynamicForms },
  'PATCH /api/dynamic-forms/:id': { permission: Permission.DynamicForms },
  'POST /api/maintenance/work-orders': { permission: Permission.Maintenance },
  'POST /api/maintenance/work-orders/:id/forms': { permission: Permission.Maintenance },
  'GET /api/maintenance/work-orders/categories': { permission: Permission.Maintenance },
  'GET /api/maintenance/work-orders': { permission: Permission.Maintenance },
  'GET /api/maintenance/work-orders/:id': { permission: Permission.Maintenance },
  'PATCH /api/maintenance/work-orders/:id': { permission: Permission.Maintenance },
  'POST /api/maintenance/work-orders/:id/transitions': { permission: Permission.Maintenance },
  'POST /api/maintenance/work-orders/categories': { permission: Permission.Maintenance },
  'DELETE /api/maintenance/work-orders/categories/:name': { permission: Permission.Maintenance },
  'PATCH /api/fuel-tariffs/:fuelTariffId': { permission: Permission.Fuel },
  'GET /api/fuel-tariffs': { permission: Permission.Fuel },
  'POST /api/fuel/refuels': { permission: Permission.Fuel },
  'POST /api/fuel/refuels/import/preview': { permission: Permission.Fuel },
  'POST /api/fuel/refuels/import': { permission: Permission.Fuel },
  'GET /api/fuel/refuels': { permission: Permission.Fuel },
  'GET /api/fuel/refuels/:id': { permission: Permission.Fuel },
  'DELETE /api/fuel/refuels/:id': { permission: Permission.Fuel },
  'POST /api/fuel-tariffs': { permission: Permission.Fuel },
  'DELETE /api/fuel-tariffs/:fuelTariffId': { permission: Permission.Fuel },
  'GET /api/fuel-prices/history': { permission: Permission.Fuel },
  'POST /api/reports/trips': { permission: Permission.Reports },
  'POST /api/reports/fuel': { permission: Permission.Fuel },
  'POST /api/reports/visits': { permission: Permission.Places },
  'POST /api/reports/driving': { permission: Permission.Reports },
  'GET /api/driving-scores': { permission: Permission.Reports },
  'GET /api/driving-score-settings': { permission: Permission.Reports },
  'PATCH /api/driving-score-settings': { permission: Permission.Reports },
  'GET /api/cargo/ubicaciones/:id': { permission: Permission.Cargo },
  'POST /api/support/tickets': { permission: Permission.Support },
  'GET /api/support/tickets': { permission: Permission.Support },
  'GET /api/support/tickets/:id': { permission: Permission.Support },
  'POST /api/support/tickets/:id/comments': { permission: Permission.Support },
  'POST /api/invoices/report': { permission: Permission.Invoices },
  'POST /api/assets': { permission: Permission.Assets },
  'GET /api/assets': { permission: Permission.Assets },
  'GET /api/assets/:id': { permission: Permission.Assets },
  'PATCH /api/assets/:id': { permission: Permission.Assets },
  'DELETE /api/assets/:id': { permission: Permission.Assets },
  'POST /api/asset-groups': { permission: Permission.Assets },
  'GET /api/asset-groups': { permission: Permission.Assets },
  'GET /api/asset-groups/:id': { permission: Permission.Assets },
  'PATCH /api/asset-groups/:id': { permission: Permission.Assets },
  'DELETE /api/asset-groups/:id': { permission: Permission.Assets },
  'POST /api/trackers': { permission: Permission.Assets },
  'GET /api/trackers': { permission: Permission.Assets },
  'GET /api/trackers/:id': { permission: Permission.Assets },
  'PATCH /api/trackers/:id': { permission: Permission.Assets },
  'DELETE /api/trackers/:id': { permission: Permission.Assets },
  'POST /api/assets/:id/qr-codes': { permission: Permission.Assets },
  'GET /api/assets/:id/qr-codes': { permission: Permission.Assets },
  'GET /api/assets/:id/qr-codes/:code/label': { permission: Permission.Assets },
  'POST /api/assets/qr-labels': { permission: Permission.Assets },
  'POST /api/geofences': { permission: Permission.Geofences },
  'GET /api/geofences': { permission: Permission.Geofences },
  'GET /api/geofences/:id': { permission: Permission.Geofences },
  'PATCH /api/geofences/:id': { permission: Permission.Geofences },
  'DELETE /api/geofences/:id': { permission: Permission.Geofences },
  'GET /api/visits': { permission: Permission.Places },
  'POST /api/layers': { permission: Permission.Places },
  'POST /api/layers/import': { permission: Permission.Places },
  'GET /api/layers': { permission: Permission.Places },
  'GET /api/layers/:id': { permission: Permission.Places },
  'GET /api/layers/:id/features': { permission: Permission.Places },
  'PATCH /api/layers/:id': { permission: Permission.Places },
  'DELETE /api/layers/:id': { permission: Permission.Places },
  'POST /api/places': { permission: Permission.Places },
  'GET /api/places': { permission: Permission.Places },
  'GET /api/places/:id': { permission: Permission.Places },
  'PATCH /api/places/:id': { permission: Permission.Places },
  'DELETE /api/places/:id': { permission: Permission.Places },
  'POST /api/places/import': { permission: Permission.Places },
  'GET /api/geocode': { permission: Permission.Places },
  'POST /api/tasks': { permission: Permission.Tasks },
  'GET /api/tasks': { permission: Permission.Tasks },
  'GET /api/tasks/:id': { permission: Permission.Tasks },
  'PATCH /api/tasks/:id': { permission: Permission.Tasks },
  'DELETE /api/tasks/:id': { permission: Permission.Tasks },
  'POST /api/tasks/:id/complete': { permission: Permission.Tasks },
  'POST /api/tasks/:id/fail': { permission: Permission.Tasks },
  'POST /api/tasks/:id/cancel': { permission: Permission.Tasks },
  'POST /api/tasks/import': { permission: Permission.Tasks },
  'POST /api/routes': { permission: Permission.Tasks },
  'GET /api/routes': { permission: Permission.Tasks },
  'GET /api/routes/:id': { permission: Permission.Tasks },
  'PATCH /api/routes/:id': { permission: Permission.Tasks },
  'DELETE /api/routes/:id': { permission: Permission.Tasks },
  'GET /api/events': { permission: Permission.Alerts },
  'GET /api/events/:id': { permission: Permission.Alerts },
  'POST /api/alert-rules': { permission: Permission.Alerts },
  'GET /api/alert-rules': { permission: Permission.Alerts },
  'GET /api/alert-rules/:id': { permission: Permission.Alerts },
  'PATCH /api/alert-rules/:id': { permission: Permission.Alerts },
  'DELETE /api/alert-rules/:id': { permission: Permission.Alerts },
  'GET /api/alerts': { permission: Permission.Alerts },
  'GET /api/alerts/:id': { permission: Permission.Alerts },
  'POST /api/alerts/:id/acknowledge': { permission: Permission.Alerts },
  'POST /api/alerts/:id/resolve': { permission: Permission.Alerts },
  // The inbox is the caller's own: any authenticated user.
  'GET /api/notifications': { permission: null },
  'GET /api/notifications/stream': { permission: null },
  'POST /api/notifications/:id/read': { permission: null },
  'POST /api/notifications/read-all': { permission: null },
  'POST /api/maintenance/service-plans': { permission: Permission.Maintenance },
  'GET /api/maintenance/service-plans': { permission: Permission.Maintenance },
  'GET /api/maintenance/service-plans/:id': { permission: Permission.Maintenance },
  'PATCH /api/maintenance/service-plans/:id': { permission: Permission.Maintenance },
  'DELETE /api/maintenance/service-plans/:id': { permission: Permission.Maintenance },
  'POST /api/maintenance/service-plans/:id/services': { permission: Permission.Maintenance },
  'GET /api/maintenance/service-plans/:id/services': { permission: Permission.Maintenance },
  'GET /api/maintenance/service-status': { permission: Permission.Maintenance },
  'GET /api/assets/:id/meters': { permission: Permission.Maintenance },
  'POST /api/assets/:id/meter-readings': { permission: Permission.Maintenance },
  'GET /api/assets/:id/meter-readings': { permission: Permission.Maintenance },
  // A mailed report link: its unguessable token is the credential (docs/reports.md).
  'GET /api/report-files/:token': 'public',
  'POST /api/scheduled-reports': { permission: Permission.Reports },
  'GET /api/scheduled-reports': { permission: Permission.Reports },
  'GET /api/scheduled-reports/:id': { permission: Permission.Reports },
  'PATCH /api/scheduled-reports/:id': { permission: Permission.Reports },
  'DELETE /api/scheduled-reports/:id': { permission: Permission.Reports },
  'POST /api/scheduled-reports/:id/run': { permission: Permission.Reports },
  'GET /api/scheduled-reports/:id/runs': { permission: Permission.Reports },
  'POST /api/webhook-endpoints': { permission: Permission.Alerts },
  'GET /api/webhook-endpoints': { permission: Permission.Alerts },
  'GET /api/webhook-endpoints/:id': { permission: Permission.Alerts },
  'PATCH /api/webhook-endpoints/:id': { permission: Permission.Alerts },
  'DELETE /api/webhook-endpoints/:id': { permission: Permission.Alerts },
  'POST /api/webhook-endpoints/:id/rotate-secret': { permission: Permission.Alerts },
  'POST /api/webhook-endpoints/:id/test': { permission: Permission.Alerts },
  'GET /api/webhook-endpoints/:id/deliveries': { permission: Permission.Alerts },
  'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver': { permission: Permission.Alerts },
};

interface DiscoveredRoute {
  key: string;
  policy: AuthPolicy | undefined;
}

const discoverRoutes = (t: TestApp): DiscoveredRoute[] =>
  appRoutes(t).map((route) => ({ key: route.key, policy: route.metadata<AuthPolicy>(AUTH_POLICY_KEY) }));

describe('route access table', () => {
  let t: TestApp;
  let routes: DiscoveredRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    routes = discoverRoutes(t);
  });
  afterAll(() => t.close());

  it('finds the routes of the app', () => {
    expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining(['GET /api/health', 'GET /api/auth/me']));
  });

  it('serves every route of the access table (all nineteen spec endpoints among them)', () => {
    const served = new Set(routes.map((route) => route.key));
    expect(Object.keys(ROUTE_POLICIES).filter((key) => !served.has(key))).toEqual([]);
  });

  it('every route declares public access or authentication', () => {
    const undecided = routes.filter((route) => !route.policy).map((route) => route.key);
    expect(undecided).toEqual([]);
  });

  it('every route is listed in the access table, with the permission the spec names', () => {
    const actual = Object.fromEntries(
      routes.map((route) => [
        route.key,
        route.policy?.public ? 'public' : { permission: route.policy?.permission ?? null, ...(route.policy?.bearerOnly ? { bearerOnly: true } : {}) },
      ]),
    );
    const expected = Object.fromEntries(Object.keys(actual).map((key) => [key, ROUTE_POLICIES[key] ?? 'missing from ROUTE_POLICIES']));
    expect(actual).toEqual(expected);
  });
});
