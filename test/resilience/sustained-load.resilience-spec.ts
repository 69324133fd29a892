import { scopeOfClient } from '@app/database';
import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { AddressInfo } from 'node:net';
import { Asset, Tracker } from '@app/fleet';
import { rutCheckDigit } from '@app/formats';
import { createTestApp, TestApp } from '@app/testing';
import { QrCodesService } from '../../src/inspections/qr-codes/qr-codes.service';
import { createTenant, TestTenant } from '../factories/tenant.factory';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);

interface Tally {
  statuses: Record<number, number>;
  networkErrors: string[];
  importedRuts: string[];
  scanRequestIds: string[];
}

/**
 * 50 concurrent connections of mixed authenticated traffic for 30 s: no 5xx, and no lost
 * writes — every driver an import reported created, and every scan answered, is in the database.
 */
describe('sustained mixed load', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let baseUrl: string;
  let qrCode: string;
  let driverId: string;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    const tracker = await t.app.get<Model<Tracker>>(getModelToken(Tracker.name)).create({ clientId: tenant.clientId, vendorId: 880_001, name: 'Load tracker' });
    const asset = await t.app
      .get<Model<Asset>>(getModelToken(Asset.name))
      .create({ clientId: tenant.clientId, name: 'Load truck', kind: 'truck', mainTrackerId: tracker._id });
    qrCode = (await t.app.get(QrCodesService).issue(scopeOfClient(tenant.clientId), asset._id)).code;
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const seed = await fetch(`${baseUrl}/api/drivers/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.admin.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [{ row: 2, firstName: 'Seed', lastName: 'Driver', rut: '5126663-3' }] }),
    });
    expect(seed.status).toBe(201);
    driverId = (await t.connection.collection('drivers').findOne({ clientId: tenant.clientId }))!._id.toHexString();
  }, 120_000);
  afterAll(() => t.close());

  it(
    `serves ${CONNECTIONS} connections for ${SECONDS} s without a 5xx or a lost write`,
    async () => {
      const tally: Tally = { statuses: {}, networkErrors: [], importedRuts: [], scanRequestIds: [] };
      const headers = { authorization: `Bearer ${tenant.admin.apiToken}`, 'content-type': 'application/json' };
      let rutCounter = 20_000_000;
      const nextRut = () => {
        const body = String(rutCounter++);
        return `${body}-${rutCheckDigit(body)}`;
      };
      const deadline = Date.now() + SECONDS * 1000;

      const actions: (() => Promise<void>)[] = [
        async () => void (await send('GET', '/api/auth/me')),
        async () => void (await send('GET', `/api/drivers/${driverId}`)),
        async () => void (await send('GET', '/api/dynamic-forms')),
        async () => {
          const res = await send('GET', `/api/inspections/scan/${qrCode.toLowerCase()}`);
          if (res?.status === 200) tally.scanRequestIds.push(res.headers.get('x-request-id')!);
        },
        async () => {
          const ruts = [nextRut(), nextRut(), nextRut()];
          const rows = ruts.map((rut, i) => ({ row: i + 2, firstName: 'Carga', lastName: `Prueba ${i}`, rut }));
          const res = await send('POST', '/api/drivers/import', { rows });
          if (res?.status !== 201) return;
          const { data } = (await res.json()) as { data: { createdCount: number; failedRows: { data: { rut: string } }[] } };
          const failed = new Set(data.failedRows.map((row) => row.data.rut));
          tally.importedRuts.push(...ruts.filter((rut) => !failed.has(rut)));
          expect(data.createdCount).toBe(ruts.length - failed.size);
        },
      ];

      async function send(method: string, path: string, body?: unknown): Promise<Response | undefined> {
        try {
          const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
          tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
          if (!path.endsWith('/import')) await res.arrayBuffer();
          return res;
        } catch (error) {
          tally.networkErrors.push(`${method} ${path}: ${(error as Error).message}`);
          return undefined;
        }
      }

      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, worker) => {
          for (let i = worker; Date.now() < deadline; i++) await actions[i % actions.length]();
        }),
      );

      const total = Object.values(tally.statuses).reduce((a, b) => a + b, 0);
      process.stdout.write(`sustained load: ${total} requests in ${SECONDS} s, statuses ${JSON.stringify(tally.statuses)}\n`);
      expect(tally.networkErrors).toEqual([]);
      expect(Object.keys(tally.statuses).filter((status) => Number(status) >= 500)).toEqual([]);
      expect(total).toBeGreaterThan(CONNECTIONS * 10);

      const storedRuts = new Set(
        (
          await t.connection
            .collection('drivers')
            .find({ clientId: tenant.clientId }, { projection: { rut: 1 } })
            .toArray()
        ).map((d) => d.rut as string),
      );
      expect(tally.importedRuts.filter((rut) => !storedRuts.has(rut))).toEqual([]);
      expect(storedRuts.size).toBe(tally.importedRuts.length + 1);

      const scanIds = new Set(
        (
          await t.connection
            .collection('inspection_qr_scans')
            .find({ clientId: tenant.clientId }, { projection: { requestId: 1 } })
            .toArray()
        ).map((s) => s.requestId as string),
      );
      expect(tally.scanRequestIds.length).toBeGreaterThan(0);
      expect(tally.scanRequestIds.filter((id) => !scanIds.has(id))).toEqual([]);
    },
    (SECONDS + 120) * 1000,
  );
});
