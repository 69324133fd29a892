import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
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
  return [
    { route: 'POST /api/drivers/import', method: 'post', path: '/api/drivers/import', writes: true,
      body: { rows: [{ row: 2, firstName: 'Ana', lastName: 'Rojas', rut: '11111111-1' }] } },
    { route: 'GET /api/drivers/:id', method: 'get', path: `/api/drivers/${(driver as unknown as { existing: { id: string } }).existing.id}`, writes: false },
    { route: 'PATCH /api/users/:id/change-password', method: 'patch', path: `/api/users/${client.users.operator.id}/change-password`, writes: true,
      body: { password: 'a new long password 42' } },
    { route: 'GET /api/partner/:userId', method: 'get', path: `/api/partner/${client.users.admin.id}`, writes: false },
    { route: 'GET /api/activity-log/:id', method: 'get', path: `/api/activity-log/${manifestValue<string>(client, 'activityEvent')}`, writes: false },
    { route: 'POST /api/positions/stats', method: 'post', path: '/api/positions/stats', writes: false,
      body: { assetIds: [client.assets.tracked], from: '01/11/2026', to: '02/11/2026' } },
    { route: 'POST /api/reports/temperature/stats', method: 'post', path: '/api/reports/temperature/stats?from=01/11/2026&to=02/11/2026', writes: false,
      body: { assetIds: [client.assets.tracked] } },
    { route: 'GET /api/trips/:vendorId/trip/:tripId', method: 'get', path: `/api/trips/${trip.vendorId}/trip/${trip.tripId}`, writes: false },
    { route: 'GET /api/inspections/scan/:code', method: 'get', path: `/api/inspections/scan/${qr.valid}`, writes: true },
    { route: 'POST /api/inspections', method: 'post', path: '/api/inspections', writes: true,
      body: { code: qr.valid, formId: forms.active, answers: [], odometerKm: 120500 } },
    { route: 'GET /api/inspections', method: 'get', path: '/api/inspections?critical=true&limit=5', writes: false },
    { route: 'GET /api/dynamic-forms', method: 'get', path: '/api/dynamic-forms?status=active', writes: false },
    { route: 'POST /api/dynamic-forms', method: 'post', path: '/api/dynamic-forms', writes: true,
      body: { name: 'Revisión de luces', fields: [{ fieldId: 'lights', type: 'boolean', label: '¿Luces OK?' }] } },
    { route: 'GET /api/dynamic-forms/:id', method: 'get', path: `/api/dynamic-forms/${forms.active}`, writes: false },
    { route: 'PATCH /api/dynamic-forms/:id', method: 'patch', path: `/api/dynamic-forms/${forms.active}`, writes: true, body: { description: 'Antes de cada viaje' } },
    { route: 'POST /api/maintenance/work-orders', method: 'post', path: '/api/maintenance/work-orders', writes: true,
      body: { assetId: client.assets.tracked, category: 'preventive', title: 'Cambio de aceite' } },
    { route: 'POST /api/maintenance/work-orders/:id/forms', method: 'post', path: `/api/maintenance/work-orders/${manifestValue<string>(client, 'workOrder')}/forms`, writes: true,
      body: { formId: forms.active, answers: [] } },
    { route: 'GET /api/maintenance/work-orders/categories', method: 'get', path: '/api/maintenance/work-orders/categories', writes: false },
    { route: 'GET /api/maintenance/work-orders', method: 'get', path: '/api/maintenance/work-orders?status=open&limit=5', writes: false },
    { route: 'GET /api/maintenance/work-orders/:id', method: 'get', path: `/api/maintenance/work-orders/${manifestValue<string>(client, 'workOrder')}`, writes: false },
    { route: 'PATCH /api/maintenance/work-orders/:id', method: 'patch', path: `/api/maintenance/work-orders/${manifestValue<string>(client, 'workOrder')}`, writes: true,
      body: { title: 'Cambio de aceite y filtro', priority: 'high' } },
    { route: 'POST /api/maintenance/work-orders/:id/transitions', method: 'post', path: `/api/maintenance/work-orders/${manifestValue<string>(client, 'workOrder')}/transitions`, writes: true,
      body: { to: 'in_progress', note: 'En taller' } },
    { route: 'POST /api/maintenance/work-orders/categories', method: 'post', path: '/api/maintenance/work-orders/categories', writes: true, body: { name: 'Lavado' } },
    { route: 'DELETE /api/maintenance/work-orders/categories/:name', method: 'delete', path: '/api/maintenance/work-orders/categories/technical_review', writes: true },
    { route: 'PATCH /api/fuel-tariffs/:fuelTariffId', method: 'patch', path: `/api/fuel-tariffs/${manifestValue<string>(client, 'fuelTariff')}`, writes: true,
      body: { name: 'Diésel flota', pricePerLiter: 1050 } },
    { route: 'GET /api/fuel-prices/history', method: 'get', path: '/api/fuel-prices/history?fuelType=diesel', writes: false },
    { route: 'GET /api/cargo/ubicaciones/:id', method: 'get', path: `/api/cargo/ubicaciones/${manifestValue<string>(client, 'cargoLocation')}`, writes: false },
    { route: 'POST /api/support/tickets', method: 'post', path: '/api/support/tickets', writes: true,
      body: { title: 'GPS sin señal', description: 'El camión 01 no reporta desde ayer', category: 'technical' } },
    { route: 'POST /api/invoices/report', method: 'post', path: '/api/invoices/report', writes: false, body: { from: '2026-01-01', to: '2026-01-31' } },
    { route: 'POST /api/auth/login', method: 'post', path: '/api/auth/login', writes: true, body: { email: client.users.viewer.email, password: client.users.viewer.password } },
    { route: 'POST /api/auth/api-tokens', method: 'post', path: '/api/auth/api-tokens', writes: true, body: { name: 'sweep' } },
  ];
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

/** Every collection's documents, hashed; credential bookkeeping (last use) is left out. */
export async function snapshotDatabase(connection: Connection): Promise<Record<string, string>> {
  const skip = new Set(['sessions', 'api_tokens']);
  const names = (await connection.db!.listCollections().toArray()).map((c) => c.name).filter((n) => !skip.has(n)).sort();
  const snapshot: Record<string, string> = {};
  for (const name of names) {
    const docs = await connection.collection(name).find().sort({ _id: 1 }).toArray();
    snapshot[name] = `${docs.length}:${createHash('sha256').update(JSON.stringify(docs)).digest('hex').slice(0, 16)}`;
  }
  return snapshot;
}
