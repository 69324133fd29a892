import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import request from 'supertest';
import type { TestApp } from '@app/testing';
import { OPEN_AFTER_DURATION } from '../../../src/alerts/alerts/delayed-alert-openings.service';
import type { DemoManifest } from '../../../src/seed/demo-manifest';

type Client = DemoManifest['clients']['acme'];

export interface SweepRequest {
  route: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  body?: Record<string, unknown>;
  /** Writes something when it succeeds (the sweep expects such requests to be refused). */
  writes: boolean;
}

const manifestValue = <T>(client: Client, key: string): T => client[key] as T;

/** A valid request to every operation of the spec, built from a client's demo records. */
export function validRequests(client: Client): SweepRequest[] {
  const trip = manifestValue<{ vendorId: number; tripId: number }>(client, 'trip');
  const qr = manifestValue<{ valid: string }>(client, 'qrCodes');
  const forms = manifestValue<{ active: string }>(client, 'forms');
  const driver = manifestValue<{ id: string }>(client, 'drivers');
  // Boolean fields (`disabled`, `protected`) stay out of the bodies: the sweep's boolean variant would be valid.
  const roles = manifestValue<Record<'admin' | 'operator' | 'viewer' | 'inspector', { id: string }>>(client, 'roles');
  return [
    {
      route: 'POST /api/drivers/import',
      method: 'post',
      path: '/api/drivers/import',
      writes: true,
      body: { rows: [{ row: 2, firstName: 'Ana', lastName: 'Rojas', rut: '11111111-1' }] },
    },
    // Multipart: the sweep's JSON variants of a body do not apply; its bad uploads are in drivers-import-preview.e2e-spec.ts.
    { route: 'POST /api/drivers/import/preview', method: 'post', path: '/api/drivers/import/preview', writes: false },
    { route: 'GET /api/drivers/import/template', method: 'get', path: '/api/drivers/import/template?format=csv', writes: false },
    { route: 'GET /api/drivers', method: 'get', path: '/api/drivers?q=ana&city=santiago&limit=10', writes: false },
    {
      route: 'POST /api/drivers',
      method: 'post',
      path: '/api/drivers',
      writes: true,
      body: { firstName: 'Ana', lastName: 'Rojas', rut: '11111111-1', email: 'ana@example.cl' },
    },
    {
      route: 'PATCH /api/drivers/:id',
      method: 'patch',
      path: `/api/drivers/${(driver as unknown as { existing: { id: string } }).existing.id}`,
      writes: true,
      body: { lastName: 'Rojas Vera' },
    },
    {
      route: 'DELETE /api/drivers/:id',
      method: 'delete',
      path: `/api/drivers/${(driver as unknown as { existing: { id: string } }).existing.id}`,
      writes: true,
    },
    { route: 'GET /api/drivers/:id', method: 'get', path: `/api/drivers/${(driver as unknown as { existing: { id: string } }).existing.id}`, writes: false },
    ...driverAssignmentRequests(client, (driver as unknown as { existing: { id: string } }).existing.id),
    {
      route: 'PATCH /api/users/:id/change-password',
      method: 'patch',
      path: `/api/users/${client.users.operator.id}/change-password`,
      writes: true,
      body: { password: 'a new long password 42' },
    },
    { route: 'GET /api/users', method: 'get', path: `/api/users?q=acme&roleId=${roles.admin.id}&disabled=false&limit=5`, writes: false },
    { route: 'GET /api/users/:id', method: 'get', path: `/api/users/${client.users.operator.id}`, writes: false },
    {
      route: 'POST /api/users',
      method: 'post',
      path: '/api/users',
      writes: true,
      body: { email: 'sweep.user@acme.demo', name: 'Sweep User', roleId: roles.viewer.id, trackers: 'all' },
    },
    {
      route: 'PATCH /api/users/:id',
      method: 'patch',
      path: `/api/users/${client.users.viewer.id}`,
      writes: true,
      body: { name: 'Viewer renamed', roleId: roles.viewer.id, trackers: 'all' },
    },
    { route: 'GET /api/roles', method: 'get', path: '/api/roles?limit=5', writes: false },
    { route: 'GET /api/roles/:id', method: 'get', path: `/api/roles/${roles.operator.id}`, writes: false },
    { route: 'POST /api/roles', method: 'post', path: '/api/roles', writes: true, body: { name: 'Sweep role', permissions: ['access_drivers'] } },
    { route: 'PATCH /api/roles/:id', method: 'patch', path: `/api/roles/${roles.viewer.id}`, writes: true, body: { name: 'Visualizador', permissions: [] } },
    // In use by the demo viewer: even the valid request is refused (409), so it never deletes.
    { route: 'DELETE /api/roles/:id', method: 'delete', path: `/api/roles/${roles.viewer.id}`, writes: true },
    { route: 'GET /api/permissions', method: 'get', path: '/api/permissions', writes: false },
    { route: 'GET /api/partner/:userId', method: 'get', path: `/api/partner/${client.users.admin.id}`, writes: false },
    {
      route: 'GET /api/activity-log',
      method: 'get',
      path: `/api/activity-log?action=driver.import&actorId=${client.users.admin.id}&from=2026-01-01T00:00:00Z&limit=5`,
      writes: false,
    },
    { route: 'GET /api/activity-log/export', method: 'get', path: '/api/activity-log/export?format=csv&action=driver.import', writes: false },
    { route: 'GET /api/activity-log/:id', method: 'get', path: `/api/activity-log/${manifestValue<string>(client, 'activityEvent')}`, writes: false },
    {
      route: 'POST /api/positions/stats',
      method: 'post',
      path: '/api/positions/stats',
      writes: false,
      body: { assetIds: [client.assets.tracked], from: '01/11/2026', to: '02/11/2026' },
    },
    {
      route: 'POST /api/reports/temperature/stats',
      method: 'post',
      path: '/api/reports/temperature/stats?from=01/11/2026&to=02/11/2026',
      writes: false,
      body: { assetIds: [client.assets.tracked] },
    },
    {
      route: 'POST /api/reports/stops',
      method: 'post',
      path: '/api/reports/stops',
      writes: false,
      body: { assetIds: [client.assets.tracked], from: '01/11/2026', to: '02/11/2026' },
    },
    { route: 'GET /api/trips/:vendorId/trip/:tripId', method: 'get', path: `/api/trips/${trip.vendorId}/trip/${trip.tripId}`, writes: false },
    { route: 'GET /api/trips/:vendorId', method: 'get', path: `/api/trips/${trip.vendorId}?from=01/11/2026&to=02/11/2026`, writes: false },
    { route: 'GET /api/positions/latest', method: 'get', path: `/api/positions/latest?assetIds=${client.assets.tracked}`, writes: false },
    // An endless answer: the sweep's cases are about bodies and path ids, which it has neither of (its own 400/401/403 in positions-stream.e2e-spec.ts).
    { route: 'GET /api/positions/stream', method: 'get', path: `/api/positions/stream?assetIds=${client.assets.tracked}`, writes: false },
    {
      route: 'POST /api/positions/area-search',
      method: 'post',
      path: '/api/positions/area-search',
      writes: false,
      body: {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-70.8, -33.5],
              [-70.5, -33.5],
              [-70.5, -33.3],
              [-70.8, -33.3],
              [-70.8, -33.5],
            ],
          ],
        },
        from: '2026-11-01T00:00:00Z',
        to: '2026-11-02T00:00:00Z',
        assetIds: [client.assets.tracked],
      },
    },
    { route: 'GET /api/assets/:id/track', method: 'get', path: `/api/assets/${client.assets.tracked}/track?from=01/11/2026&to=02/11/2026`, writes: false },
    { route: 'GET /api/inspections/scan/:code', method: 'get', path: `/api/inspections/scan/${qr.valid}`, writes: true },
    {
      route: 'POST /api/inspections',
      method: 'post',
      path: '/api/inspections',
      writes: true,
      body: { code: qr.valid, formId: forms.active, answers: [], odometerKm: 120500 },
    },
    { route: 'GET /api/inspections', method: 'get', path: '/api/inspections?critical=true&limit=5', writes: false },
    // Multipart: the sweep's JSON variants of a body do not apply (a JSON body is a 400 here); the bad uploads are in uploads.e2e-spec.ts.
    { route: 'POST /api/uploads', method: 'post', path: '/api/uploads', writes: true },
    { route: 'GET /api/uploads/:id', method: 'get', path: `/api/uploads/${manifestValue<{ photo: string }>(client, 'uploads').photo}`, writes: false },
    {
      route: 'GET /api/inspections/:id',
      method: 'get',
      path: `/api/inspections/${manifestValue<{ critical: string }>(client, 'inspections').critical}`,
      writes: false,
    },
    { route: 'GET /api/dynamic-forms', method: 'get', path: '/api/dynamic-forms?status=active', writes: false },
    {
      route: 'POST /api/dynamic-forms',
      method: 'post',
      path: '/api/dynamic-forms',
      writes: true,
      body: { name: 'Revisión de luces', fields: [{ fieldId: 'lights', type: 'boolean', label: '¿Luces OK?' }] },
    },
    { route: 'GET /api/dynamic-forms/:id', method: 'get', path: `/api/dynamic-forms/${forms.active}`, writes: false },
    {
      route: 'PATCH /api/dynamic-forms/:id',
      method: 'patch',
      path: `/api/dynamic-forms/${forms.active}`,
      writes: true,
      body: { description: 'Antes de cada viaje' },
    },
    {
      route: 'POST /api/maintenance/work-orders',
      method: 'post',
      path: '/api/maintenance/work-orders',
      writes: true,
      body: { assetId: client.assets.tracked, category: 'preventive', title: 'Cambio de aceite' },
    },
    {
      route: 'POST /api/maintenance/work-orders/:id/forms',
      method: 'post',
      path: `/api/maintenance/work-orders/${manifestValue<string>(client, 'workOrder')}/forms`,
      writes: true,
      body: { formId: forms.active, answers: [] },
    },
    { route: 'GET /api/maintenance/work-orders/categories', method: 'get', path: '/api/maintenance/work-orders/categories', writes: false },
    { route: 'GET /api/maintenance/work-orders', method: 'get', path: '/api/maintenance/work-orders?status=open&limit=5', writes: false },
    {
      route: 'GET /api/maintenance/work-orders/:id',
      method: 'get',
      path: `/api/maintenance/work-orders/${manifestValue<string>(client, 'workOrder')}`,
      writes: false,
    },
    {
      route: 'PATCH /api/maintenance/work-orders/:id',
      method: 'patch',
      path: `/api/maintenance/work-orders/${manifestValue<string>(client, 'workOrder')}`,
      writes: true,
      body: { title: 'Cambio de aceite y filtro', priority: 'high' },
    },
    {
      route: 'POST /api/maintenance/work-orders/:id/transitions',
      method: 'post',
      path: `/api/maintenance/work-orders/${manifestValue<string>(client, 'workOrder')}/transitions`,
      writes: true,
      body: { to: 'in_progress', note: 'En taller' },
    },
    {
      route: 'POST /api/maintenance/work-orders/categories',
      method: 'post',
      path: '/api/maintenance/work-orders/categories',
      writes: true,
      body: { name: 'Lavado' },
    },
    {
      route: 'DELETE /api/maintenance/work-orders/categories/:name',
      method: 'delete',
      path: '/api/maintenance/work-orders/categories/technical_review',
      writes: true,
    },
    {
      route: 'PATCH /api/fuel-tariffs/:fuelTariffId',
      method: 'patch',
      path: `/api/fuel-tariffs/${manifestValue<string>(client, 'fuelTariff')}`,
      writes: true,
      body: { name: 'Diésel flota', pricePerLiter: 1050 },
    },
    { route: 'GET /api/fuel-prices/history', method: 'get', path: '/api/fuel-prices/history?fuelType=diesel', writes: false },
    { route: 'GET /api/fuel-tariffs', method: 'get', path: '/api/fuel-tariffs?limit=5', writes: false },
    {
      route: 'POST /api/fuel/refuels',
      method: 'post',
      path: '/api/fuel/refuels',
      writes: true,
      body: {
        assetId: client.assets.tracked,
        occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
        liters: 150.5,
        pricePerLiter: 1020,
        odometerKm: 182_000,
        station: 'Shell Vespucio',
        location: { lat: -33.45, lng: -70.65 },
      },
    },
    // A multipart upload, like the driver preview: the sweep reaches it without a body.
    { route: 'POST /api/fuel/refuels/import/preview', method: 'post', path: '/api/fuel/refuels/import/preview', writes: false },
    {
      route: 'POST /api/fuel/refuels/import',
      method: 'post',
      path: '/api/fuel/refuels/import',
      writes: true,
      body: {
        rows: [
          {
            row: 2,
            assetId: client.assets.tracked,
            occurredAt: new Date(Date.now() - 7_200_000).toISOString(),
            liters: 80.5,
            totalCost: 84_525,
            station: 'Copec',
          },
        ],
      },
    },
    { route: 'GET /api/fuel/refuels', method: 'get', path: `/api/fuel/refuels?assetId=${client.assets.tracked}&anomaly=price_mismatch&limit=5`, writes: false },
    {
      route: 'GET /api/fuel/refuels/:id',
      method: 'get',
      path: `/api/fuel/refuels/${manifestValue<{ ordinary: string }>(client, 'refuels').ordinary}`,
      writes: false,
    },
    {
      route: 'DELETE /api/fuel/refuels/:id',
      method: 'delete',
      path: `/api/fuel/refuels/${manifestValue<{ ordinary: string }>(client, 'refuels').ordinary}`,
      writes: true,
    },
    {
      route: 'POST /api/fuel-tariffs',
      method: 'post',
      path: '/api/fuel-tariffs',
      writes: true,
      body: { baseType: 'gasoline_95', name: 'Bencina convenio', pricePerLiter: 1290.5 },
    },
    {
      route: 'DELETE /api/fuel-tariffs/:fuelTariffId',
      method: 'delete',
      path: `/api/fuel-tariffs/${manifestValue<string>(client, 'fuelTariff')}`,
      writes: true,
    },
    {
      route: 'POST /api/reports/trips',
      method: 'post',
      path: '/api/reports/trips',
      writes: false,
      body: { assetIds: [client.assets.tracked], from: '01/11/2026', to: '02/11/2026', format: 'csv' },
    },
    {
      route: 'POST /api/reports/fuel',
      method: 'post',
      path: '/api/reports/fuel',
      writes: false,
      body: { assetIds: [client.assets.tracked], from: '01/11/2026', to: '02/11/2026', format: 'csv' },
    },
    {
      route: 'POST /api/reports/visits',
      method: 'post',
      path: '/api/reports/visits',
      writes: false,
      body: { assetIds: [client.assets.tracked], from: '01/11/2026', to: '02/11/2026', format: 'csv' },
    },
    {
      route: 'POST /api/reports/driving',
      method: 'post',
      path: '/api/reports/driving',
      writes: false,
      body: { assetIds: [client.assets.tracked], from: '2026-11-01T00:00:00-03:00', to: '2026-11-02T00:00:00-03:00', format: 'xlsx' },
    },
    {
      route: 'GET /api/driving-scores',
      method: 'get',
      path: `/api/driving-scores?groupBy=asset&from=2026-11-01T00:00:00-03:00&to=2026-11-02T00:00:00-03:00&assetIds=${client.assets.tracked}`,
      writes: false,
    },
    { route: 'GET /api/driving-score-settings', method: 'get', path: '/api/driving-score-settings', writes: false },
    { route: 'PATCH /api/driving-score-settings', method: 'patch', path: '/api/driving-score-settings', writes: true, body: { weights: { idling: 0.5 } } },
    { route: 'GET /api/cargo/ubicaciones/:id', method: 'get', path: `/api/cargo/ubicaciones/${manifestValue<string>(client, 'cargoLocation')}`, writes: false },
    {
      route: 'POST /api/support/tickets',
      method: 'post',
      path: '/api/support/tickets',
      writes: true,
      body: { title: 'GPS sin señal', description: 'El camión 01 no reporta desde ayer', category: 'technical' },
    },
    { route: 'GET /api/support/tickets', method: 'get', path: '/api/support/tickets?status=1&category=technical&limit=5', writes: false },
    // The portal stub holds no ticket of this id: reads and comments answer 404 after validation.
    { route: 'GET /api/support/tickets/:id', method: 'get', path: '/api/support/tickets/00000000-0000-4000-8000-000000000000', writes: false },
    {
      route: 'POST /api/support/tickets/:id/comments',
      method: 'post',
      path: '/api/support/tickets/00000000-0000-4000-8000-000000000000/comments',
      writes: true,
      body: { content: 'Sigue sin reportar' },
    },
    { route: 'POST /api/invoices/report', method: 'post', path: '/api/invoices/report', writes: false, body: { from: '2026-01-01', to: '2026-01-31' } },
    {
      route: 'POST /api/auth/login',
      method: 'post',
      path: '/api/auth/login',
      writes: true,
      body: { email: client.users.viewer.email, password: client.users.viewer.password },
    },
    { route: 'POST /api/auth/api-tokens', method: 'post', path: '/api/auth/api-tokens', writes: true, body: { name: 'sweep' } },
    ...assetRequests(client),
    ...eventRequests(client),
    ...layerRequests(client),
    ...placeRequests(client),
    ...taskRequests(client),
    ...routeRequests(client),
    ...alertRequests(client),
    ...webhookRequests(client),
    ...scheduledReportRequests(client),
    ...maintenancePlanRequests(client),
  ];
}

/** Alert rules, alerts and the inbox. */
function alertRequests(client: Client): SweepRequest[] {
  const rules = manifestValue<{ depotExit: string; speeding: string; coldChain: string }>(client, 'alertRules');
  const alert = manifestValue<{ example: string }>(client, 'alerts').example;
  const notification = manifestValue<{ example: string }>(client, 'notifications').example;
  return [
    {
      route: 'POST /api/alert-rules',
      method: 'post',
      path: '/api/alert-rules',
      writes: true,
      body: {
        name: 'Ralentí largo',
        eventTypes: ['idling.start'],
        minDurationSeconds: 600,
        severity: 'info',
        recipients: { userIds: [client.users.operator.id] },
      },
    },
    { route: 'GET /api/alert-rules', method: 'get', path: '/api/alert-rules?q=exceso&limit=5', writes: false },
    { route: 'GET /api/alert-rules/:id', method: 'get', path: `/api/alert-rules/${rules.speeding}`, writes: false },
    {
      route: 'PATCH /api/alert-rules/:id',
      method: 'patch',
      path: `/api/alert-rules/${rules.coldChain}`,
      writes: true,
      body: { name: 'Cadena de frío (camara)', cooldownSeconds: 1800 },
    },
    { route: 'DELETE /api/alert-rules/:id', method: 'delete', path: `/api/alert-rules/${rules.depotExit}`, writes: true },
    { route: 'GET /api/alerts', method: 'get', path: `/api/alerts?state=resolved&severity=critical&assetId=${client.assets.tracked}&limit=5`, writes: false },
    { route: 'GET /api/alerts/:id', method: 'get', path: `/api/alerts/${alert}`, writes: false },
    { route: 'POST /api/alerts/:id/acknowledge', method: 'post', path: `/api/alerts/${alert}/acknowledge`, writes: true, body: { comment: 'Revisado' } },
    { route: 'POST /api/alerts/:id/resolve', method: 'post', path: `/api/alerts/${alert}/resolve`, writes: true, body: { comment: 'Cerrado' } },
    { route: 'GET /api/notifications', method: 'get', path: '/api/notifications?unread=true&limit=5', writes: false },
    // An endless answer, like the positions stream (its 401 in alerts-lifecycle.e2e-spec.ts). The inbox's POSTs take no body.
    { route: 'GET /api/notifications/stream', method: 'get', path: '/api/notifications/stream', writes: false },
    { route: 'POST /api/notifications/:id/read', method: 'post', path: `/api/notifications/${notification}/read`, writes: true },
    { route: 'POST /api/notifications/read-all', method: 'post', path: '/api/notifications/read-all', writes: true },
  ];
}

/** Meters, service plans, services and the service status. */
function maintenancePlanRequests(client: Client): SweepRequest[] {
  const { oilChange } = manifestValue<{ oilChange: string }>(client, 'servicePlans');
  const base = `/api/maintenance/service-plans/${oilChange}`;
  const asset = client.assets.tracked;
  const now = new Date().toISOString();
  return [
    {
      route: 'POST /api/maintenance/service-plans',
      method: 'post',
      path: '/api/maintenance/service-plans',
      writes: true,
      body: {
        name: 'Motor 250 h',
        assetIds: [asset],
        intervals: { engineHours: 250, days: 365 },
        dueSoon: { engineHours: 25 },
        workOrder: { category: 'preventive', description: 'Revisión de motor' },
      },
    },
    { route: 'GET /api/maintenance/service-plans', method: 'get', path: '/api/maintenance/service-plans?limit=5', writes: false },
    { route: 'GET /api/maintenance/service-plans/:id', method: 'get', path: base, writes: false },
    {
      route: 'PATCH /api/maintenance/service-plans/:id',
      method: 'patch',
      path: base,
      writes: true,
      body: { name: 'Mantención 12 000 km', intervals: { km: 12_000, days: 180 }, dueSoon: { km: 1_500 } },
    },
    { route: 'DELETE /api/maintenance/service-plans/:id', method: 'delete', path: base, writes: true },
    {
      route: 'POST /api/maintenance/service-plans/:id/services',
      method: 'post',
      path: `${base}/services`,
      writes: true,
      body: { assetId: asset, doneAt: now, odometerKm: 182_400 },
    },
    { route: 'GET /api/maintenance/service-plans/:id/services', method: 'get', path: `${base}/services?limit=5`, writes: false },
    {
      route: 'GET /api/maintenance/service-status',
      method: 'get',
      path: `/api/maintenance/service-status?state=due_soon&planId=${oilChange}&limit=5`,
      writes: false,
    },
    { route: 'GET /api/assets/:id/meters', method: 'get', path: `/api/assets/${asset}/meters`, writes: false },
    {
      route: 'POST /api/assets/:id/meter-readings',
      method: 'post',
      path: `/api/assets/${asset}/meter-readings`,
      writes: true,
      body: { odometerKm: 182_500, engineHours: 6_125, readAt: now },
    },
    { route: 'GET /api/assets/:id/meter-readings', method: 'get', path: `/api/assets/${asset}/meter-readings?limit=5`, writes: false },
  ];
}

/** Drivers on vehicles (docs/dispatch.md): the tracked vehicle's seeded assignment. */
function driverAssignmentRequests(client: Client, driverId: string): SweepRequest[] {
  const asset = client.assets.tracked;
  const assignment = manifestValue<string>(client, 'driverAssignment');
  return [
    {
      route: 'POST /api/assets/:id/driver-assignments',
      method: 'post',
      path: `/api/assets/${asset}/driver-assignments`,
      writes: true,
      body: { driverId, from: new Date(Date.now() + 3_600_000).toISOString() },
    },
    { route: 'GET /api/assets/:id/driver-assignments', method: 'get', path: `/api/assets/${asset}/driver-assignments?limit=5`, writes: false },
    {
      route: 'DELETE /api/assets/:id/driver-assignments/:assignmentId',
      method: 'delete',
      path: `/api/assets/${asset}/driver-assignments/${assignment}`,
      writes: true,
    },
    { route: 'GET /api/drivers/:id/assignments', method: 'get', path: `/api/drivers/${driverId}/assignments?limit=5`, writes: false },
  ];
}

/** Scheduled reports and their runs. */
function scheduledReportRequests(client: Client): SweepRequest[] {
  const { daily } = manifestValue<{ daily: string }>(client, 'scheduledReports');
  const base = `/api/scheduled-reports/${daily}`;
  return [
    {
      route: 'POST /api/scheduled-reports',
      method: 'post',
      path: '/api/scheduled-reports',
      writes: true,
      body: {
        name: 'Actividad semanal',
        report: 'activity',
        params: { action: 'auth.login' },
        format: 'xlsx',
        schedule: { frequency: 'weekly', time: '08:00', dayOfWeek: 1 },
        recipients: { emails: ['gerencia@example.com'], userIds: [client.users.operator.id] },
      },
    },
    { route: 'GET /api/scheduled-reports', method: 'get', path: '/api/scheduled-reports?limit=5', writes: false },
    { route: 'GET /api/scheduled-reports/:id', method: 'get', path: base, writes: false },
    {
      route: 'PATCH /api/scheduled-reports/:id',
      method: 'patch',
      path: base,
      writes: true,
      body: { name: 'Actividad diaria', schedule: { frequency: 'daily', time: '06:30', timeZone: 'America/Santiago' } },
    },
    { route: 'DELETE /api/scheduled-reports/:id', method: 'delete', path: base, writes: true },
    { route: 'POST /api/scheduled-reports/:id/run', method: 'post', path: `${base}/run`, writes: true },
    { route: 'GET /api/scheduled-reports/:id/runs', method: 'get', path: `${base}/runs?limit=5`, writes: false },
  ];
}

/** Webhook endpoints and their deliveries. */
function webhookRequests(client: Client): SweepRequest[] {
  const { endpoint, delivery } = manifestValue<{ endpoint: string; delivery: string }>(client, 'webhooks');
  const base = `/api/webhook-endpoints/${endpoint}`;
  return [
    {
      route: 'POST /api/webhook-endpoints',
      method: 'post',
      path: '/api/webhook-endpoints',
      writes: true,
      body: { url: 'http://127.0.0.1:9/sweep', description: 'ERP', eventTypes: ['alert.opened', 'event.geofence.exit'] },
    },
    { route: 'GET /api/webhook-endpoints', method: 'get', path: '/api/webhook-endpoints?limit=5', writes: false },
    { route: 'GET /api/webhook-endpoints/:id', method: 'get', path: base, writes: false },
    {
      route: 'PATCH /api/webhook-endpoints/:id',
      method: 'patch',
      path: base,
      writes: true,
      body: { description: 'ERP de despacho', eventTypes: ['alert.resolved'] },
    },
    { route: 'DELETE /api/webhook-endpoints/:id', method: 'delete', path: base, writes: true },
    { route: 'POST /api/webhook-endpoints/:id/rotate-secret', method: 'post', path: `${base}/rotate-secret`, writes: true },
    { route: 'POST /api/webhook-endpoints/:id/test', method: 'post', path: `${base}/test`, writes: true },
    { route: 'GET /api/webhook-endpoints/:id/deliveries', method: 'get', path: `${base}/deliveries?limit=5`, writes: false },
    {
      route: 'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver',
      method: 'post',
      path: `${base}/deliveries/${delivery}/redeliver`,
      writes: true,
    },
  ];
}

/** Geofences and fleet events. */
function eventRequests(client: Client): SweepRequest[] {
  const geofences = manifestValue<{ depot: string; site: string }>(client, 'geofences');
  const event = manifestValue<{ example: string }>(client, 'events').example;
  return [
    {
      route: 'POST /api/geofences',
      method: 'post',
      path: '/api/geofences',
      writes: true,
      body: { name: 'Patio norte', geometry: { type: 'Point', coordinates: [-70.7, -33.4] }, radiusM: 150, speedLimitKmh: 20 },
    },
    { route: 'GET /api/geofences', method: 'get', path: `/api/geofences?q=dep&assetId=${client.assets.tracked}&limit=5`, writes: false },
    { route: 'GET /api/geofences/:id', method: 'get', path: `/api/geofences/${geofences.depot}`, writes: false },
    {
      route: 'PATCH /api/geofences/:id',
      method: 'patch',
      path: `/api/geofences/${geofences.site}`,
      writes: true,
      body: { name: 'Puerto (cliente)', speedLimitKmh: 30 },
    },
    { route: 'DELETE /api/geofences/:id', method: 'delete', path: `/api/geofences/${geofences.site}`, writes: true },
    { route: 'GET /api/events', method: 'get', path: `/api/events?type=geofence.enter,geofence.exit&assetId=${client.assets.tracked}&limit=5`, writes: false },
    { route: 'GET /api/events/:id', method: 'get', path: `/api/events/${event}`, writes: false },
  ];
}

/** Map layers. */
function layerRequests(client: Client): SweepRequest[] {
  const base = `/api/layers/${manifestValue<{ routes: string }>(client, 'layers').routes}`;
  const features = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-70.65, -33.45] }, properties: { name: 'Bodega' } }],
  };
  return [
    {
      route: 'POST /api/layers',
      method: 'post',
      path: '/api/layers',
      writes: true,
      body: { name: 'Bodegas', description: 'Zona norte', color: '#e53935', features },
    },
    // Multipart: the sweep's JSON variants of a body do not apply; the bad files are in layers.e2e-spec.ts.
    { route: 'POST /api/layers/import', method: 'post', path: '/api/layers/import', writes: true },
    { route: 'GET /api/layers', method: 'get', path: '/api/layers?q=rutas&limit=5', writes: false },
    { route: 'GET /api/layers/:id', method: 'get', path: base, writes: false },
    { route: 'GET /api/layers/:id/features', method: 'get', path: `${base}/features?bbox=-71,-34,-70,-33`, writes: false },
    { route: 'PATCH /api/layers/:id', method: 'patch', path: base, writes: true, body: { name: 'Rutas 2027', description: 'Actualizadas' } },
    { route: 'DELETE /api/layers/:id', method: 'delete', path: base, writes: true },
  ];
}

/** Places and the forward geocoder (docs/places.md). */
function placeRequests(client: Client): SweepRequest[] {
  const places = manifestValue<{ depot: string; customer: string }>(client, 'places');
  return [
    {
      route: 'POST /api/places',
      method: 'post',
      path: '/api/places',
      writes: true,
      body: {
        name: 'Cliente Lo Valledor',
        address: 'Av. General Velásquez 1225',
        location: { type: 'Point', coordinates: [-70.6733, -33.4811] },
        radiusM: 150,
        tags: ['cliente'],
        notes: 'Entrada de camiones por calle lateral',
        visitMinutes: 5,
      },
    },
    { route: 'GET /api/places', method: 'get', path: '/api/places?q=dep&tag=depósito&near=-33.485,-70.7&radiusM=2000&limit=5', writes: false },
    { route: 'GET /api/places/:id', method: 'get', path: `/api/places/${places.depot}`, writes: false },
    {
      route: 'PATCH /api/places/:id',
      method: 'patch',
      path: `/api/places/${places.customer}`,
      writes: true,
      body: { name: 'Puerto de Valparaíso (cliente)', address: 'Av. Errázuriz 25', notes: 'Portón 3', radiusM: 400 },
    },
    { route: 'DELETE /api/places/:id', method: 'delete', path: `/api/places/${places.customer}`, writes: true },
    // Multipart: the sweep's JSON variants of a body do not apply; its bad uploads are in places-import.e2e-spec.ts.
    { route: 'POST /api/places/import', method: 'post', path: '/api/places/import?dryRun=true', writes: true },
    { route: 'GET /api/geocode', method: 'get', path: '/api/geocode?q=Providencia', writes: false },
  ];
}

/** Tasks (docs/dispatch.md, "Tasks"). */
function taskRequests(client: Client): SweepRequest[] {
  const places = manifestValue<{ depot: string; customer: string }>(client, 'places');
  const tasks = manifestValue<{ assigned: string; unassigned: string }>(client, 'tasks');
  const window = { from: '2026-11-20T09:00:00-03:00', to: '2026-11-20T11:00:00-03:00' };
  return [
    {
      route: 'POST /api/tasks',
      method: 'post',
      path: '/api/tasks',
      writes: true,
      body: { title: 'Entrega pedido 2002', placeId: places.customer, window, priority: 'high' },
    },
    {
      route: 'GET /api/tasks',
      method: 'get',
      path: '/api/tasks?state=assigned&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z&late=false&limit=5',
      writes: false,
    },
    { route: 'GET /api/tasks/:id', method: 'get', path: `/api/tasks/${tasks.assigned}`, writes: false },
    { route: 'PATCH /api/tasks/:id', method: 'patch', path: `/api/tasks/${tasks.assigned}`, writes: true, body: { title: 'Entrega pedido 1001 (urgente)' } },
    // A note as the proof: the task has no form, so no inspection is required (the sweep's variants send the empty body too).
    {
      route: 'POST /api/tasks/:id/complete',
      method: 'post',
      path: `/api/tasks/${tasks.assigned}/complete`,
      writes: true,
      body: { note: 'Entregado en portería' },
    },
    { route: 'POST /api/tasks/:id/fail', method: 'post', path: `/api/tasks/${tasks.assigned}/fail`, writes: true, body: { reason: 'Cliente cerrado' } },
    { route: 'POST /api/tasks/:id/cancel', method: 'post', path: `/api/tasks/${tasks.unassigned}/cancel`, writes: true },
    { route: 'DELETE /api/tasks/:id', method: 'delete', path: `/api/tasks/${tasks.unassigned}`, writes: true },
    // Multipart: the sweep's JSON variants of a body do not apply; its bad uploads are in tasks-import.e2e-spec.ts.
    { route: 'POST /api/tasks/import', method: 'post', path: '/api/tasks/import?dryRun=true', writes: true },
  ];
}

/**
 * Routes (docs/dispatch.md, "Routes and ETAs"): a new route of the client's assigned demo task, the
 * demo's route of today read and renamed; the delete takes an id of nobody's (a 404 after its
 * checks), so the demo's route stays for the requests after it.
 */
function routeRequests(client: Client): SweepRequest[] {
  const route = manifestValue<{ today: string }>(client, 'routes').today;
  const task = manifestValue<{ assigned: string }>(client, 'tasks').assigned;
  const body = { name: 'Reparto zona norte', assetId: client.assets.tracked, date: '2026-11-20', stopTaskIds: [task] };
  return [
    { route: 'POST /api/routes', method: 'post', path: '/api/routes', writes: true, body },
    { route: 'GET /api/routes', method: 'get', path: `/api/routes?date=2026-11-20&assetId=${client.assets.tracked}&limit=10`, writes: false },
    { route: 'GET /api/routes/:id', method: 'get', path: `/api/routes/${route}`, writes: false },
    { route: 'PATCH /api/routes/:id', method: 'patch', path: `/api/routes/${route}`, writes: true, body: { name: 'Reparto norte' } },
    { route: 'DELETE /api/routes/:id', method: 'delete', path: '/api/routes/6a1f00000000000000000a01', writes: true },
  ];
}

/** The asset management: assets, groups, trackers, QR codes and labels. */
function assetRequests(client: Client): SweepRequest[] {
  const asset = client.assets.tracked;
  const group = manifestValue<{ refrigerated: string }>(client, 'assetGroups').refrigerated;
  const tracker = manifestValue<{ tracked: string }>(client, 'trackers').tracked;
  const qr = manifestValue<{ valid: string }>(client, 'qrCodes').valid;
  return [
    { route: 'POST /api/assets', method: 'post', path: '/api/assets', writes: true, body: { name: 'Camión 09', plate: 'ZZTT-99', kind: 'truck' } },
    { route: 'GET /api/assets', method: 'get', path: '/api/assets?q=cami&archived=false&limit=10', writes: false },
    { route: 'GET /api/assets/:id', method: 'get', path: `/api/assets/${asset}`, writes: false },
    { route: 'PATCH /api/assets/:id', method: 'patch', path: `/api/assets/${asset}`, writes: true, body: { name: 'Camión refrigerado 01 bis' } },
    { route: 'DELETE /api/assets/:id', method: 'delete', path: `/api/assets/${client.assets.untracked}`, writes: true },
    { route: 'POST /api/asset-groups', method: 'post', path: '/api/asset-groups', writes: true, body: { name: 'Furgones' } },
    { route: 'GET /api/asset-groups', method: 'get', path: '/api/asset-groups', writes: false },
    { route: 'GET /api/asset-groups/:id', method: 'get', path: `/api/asset-groups/${group}`, writes: false },
    { route: 'PATCH /api/asset-groups/:id', method: 'patch', path: `/api/asset-groups/${group}`, writes: true, body: { name: 'Refrigerados' } },
    { route: 'DELETE /api/asset-groups/:id', method: 'delete', path: `/api/asset-groups/${group}`, writes: true },
    { route: 'POST /api/trackers', method: 'post', path: '/api/trackers', writes: true, body: { vendorId: 9_900_001, model: 'FMB920' } },
    { route: 'GET /api/trackers', method: 'get', path: '/api/trackers', writes: false },
    { route: 'GET /api/trackers/:id', method: 'get', path: `/api/trackers/${tracker}`, writes: false },
    { route: 'PATCH /api/trackers/:id', method: 'patch', path: `/api/trackers/${tracker}`, writes: true, body: { phone: '+56 9 1234 5678' } },
    { route: 'DELETE /api/trackers/:id', method: 'delete', path: `/api/trackers/${tracker}`, writes: true },
    { route: 'POST /api/assets/:id/qr-codes', method: 'post', path: `/api/assets/${asset}/qr-codes`, writes: true },
    { route: 'GET /api/assets/:id/qr-codes', method: 'get', path: `/api/assets/${asset}/qr-codes`, writes: false },
    { route: 'GET /api/assets/:id/qr-codes/:code/label', method: 'get', path: `/api/assets/${asset}/qr-codes/${qr}/label?format=svg`, writes: false },
    { route: 'POST /api/assets/qr-labels', method: 'post', path: '/api/assets/qr-labels', writes: false, body: { assetIds: [asset] } },
  ];
}

/** The request with a bearer credential, and `body` (else the request's own) as its JSON body. */
export function sendAs(t: TestApp, token: string, r: SweepRequest, body?: unknown): request.Test {
  const call = request(t.server)[r.method](r.path).set('Authorization', `Bearer ${token}`);
  return body === undefined && r.body === undefined ? call : call.send(body ?? r.body);
}

/** Shape A, the spec's `{error: string}` (validation, 401, 403, 404). */
export function isShapeA(body: unknown): boolean {
  return !!body && typeof body === 'object' && Object.keys(body).join(',') === 'error' && typeof (body as { error: unknown }).error === 'string';
}

/** Is this error body one of the spec's shapes (A, C, D or E)? */
export function isDocumentedErrorBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  const keys = Object.keys(b).sort().join(',');
  if (keys === 'error') return typeof b.error === 'string' && b.error.length > 0;
  if (keys === 'errors,message,status') return b.status === 'failed' && typeof b.message === 'string' && Array.isArray(b.errors);
  if (keys === 'code,message,status') return b.status === 'failed' && typeof b.code === 'string' && typeof b.message === 'string';
  if (keys === 'code,message,requestId,status') return b.status === 'failed' && typeof b.code === 'string';
  return false;
}

/**
 * The seeded history may end inside the cold-chain rule's minimum duration (5 minutes): the
 * decision, a background job, would then open that alert while a sweep runs (it did, at some hours
 * of the day). Postponed an hour before a sweep's snapshot: the sweeps count what requests write.
 */
export async function postponeDelayedOpenings(connection: Connection): Promise<void> {
  await connection.collection('jobs').updateMany({ name: OPEN_AFTER_DURATION, state: 'pending' }, { $set: { runAt: new Date(Date.now() + 3_600_000) } });
}

/** The snapshot a sweep that must write nothing compares with after: taken once the delayed openings are postponed. */
export async function snapshotBeforeSweep(connection: Connection): Promise<Record<string, string>> {
  await postponeDelayedOpenings(connection);
  return snapshotDatabase(connection);
}

/** What a sweep of the demo client acme sends as: its admin's API token, and its valid requests by route. */
export const acmeSweep = (manifest: DemoManifest) => ({
  token: manifest.clients.acme.users.admin.apiToken,
  valid: new Map(validRequests(manifest.clients.acme).map((r) => [r.route, r])),
});

/** Every collection's documents, hashed; credential bookkeeping (last use) and the jobs' schedule are left out. */
export async function snapshotDatabase(connection: Connection): Promise<Record<string, string>> {
  // Credentials record their last use; background jobs move their own schedule, the boot's
  // backfills record themselves finished, and ingestion's partition leases and heartbeats are
  // renewed every few seconds: none is a request's write.
  const skip = new Set(['sessions', 'api_tokens', 'jobs', 'data_migrations', 'telemetry_partitions', 'telemetry_instances']);
  // A webhook delivery's attempts are made by a background job (the seeded test pings are retried
  // while the sweep runs): only what a request writes — a delivery and its message — counts.
  const projections: Record<string, Record<string, 1>> = {
    webhook_deliveries: { _id: 1, endpointId: 1, key: 1, messageId: 1, body: 1 },
    // Likewise a scheduled report's run: its job records the outcome.
    scheduled_report_runs: { _id: 1, scheduledReportId: 1, key: 1, manual: 1, dueAt: 1 },
  };
  const names = (await connection.db!.listCollections().toArray())
    .map((c) => c.name)
    .filter((n) => !skip.has(n))
    .sort();
  const snapshot: Record<string, string> = {};
  for (const name of names) {
    const docs = await connection.collection(name).find({}, { projection: projections[name] }).sort({ _id: 1 }).toArray();
    snapshot[name] = `${docs.length}:${createHash('sha256').update(JSON.stringify(docs)).digest('hex').slice(0, 16)}`;
  }
  return snapshot;
}
