import request from 'supertest';
import { DateTime } from 'luxon';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { addAsset, ROUTE, T0, TrackedFixture } from '../e2e/positions-fixtures';
import { FaultMode, FaultProxy, startFaultProxy } from '../support/fault-proxy';
import { FlespiStub, startFlespiStub } from '../support/flespi-stub';
import { GeocoderStub, startGeocoderStub } from '../support/geocoder-stub';
import { buildInvoices, PortalStub, startPortalStub } from '../support/portal-stub';

const PORTAL_TIMEOUT_MS = 1500;
const FLESPI_TIMEOUT_MS = 1500;
const GEOCODER_TIMEOUT_MS = 800;
// A read may be retried once after a connection error; allow both attempts and the work around them.
const BOUND_MS = 2 * Math.max(PORTAL_TIMEOUT_MS, FLESPI_TIMEOUT_MS) + 1500;
const FAULTS: FaultMode[] = ['hang', 'garbage', 'close'];

/**
 * The billing portal, flespi and the geocoder slow, hanging, answering garbage or dropping
 * connections: every endpoint answers within its time-out, in its documented shape; a ticket is
 * never sent twice; a geocoder failure never fails a trip. And Chromium killed mid-report.
 */
describe('external systems misbehaving', () => {
  let portal: PortalStub;
  let flespi: FlespiStub;
  let geocoder: GeocoderStub;
  let proxies: { portal: FaultProxy; flespi: FaultProxy; geocoder: FaultProxy };
  let t: TestApp;
  let tenant: TestTenant;
  let asset: TrackedFixture;
  const day = DateTime.fromSeconds(T0, { zone: 'America/Santiago' }).toFormat('dd/MM/yyyy');

  beforeAll(async () => {
    [portal, flespi, geocoder] = await Promise.all([startPortalStub(), startFlespiStub(), startGeocoderStub()]);
    proxies = {
      portal: await startFaultProxy(portal.url),
      flespi: await startFaultProxy(flespi.url),
      geocoder: await startFaultProxy(geocoder.url),
    };
    Object.assign(process.env, {
      BILLING_PORTAL_URL: proxies.portal.url,
      BILLING_PORTAL_TOKEN: portal.token,
      BILLING_PORTAL_TIMEOUT_MS: String(PORTAL_TIMEOUT_MS),
      TELEMETRY_SOURCE: 'flespi',
      FLESPI_URL: proxies.flespi.url,
      FLESPI_TOKEN: flespi.token,
      FLESPI_TIMEOUT_MS: String(FLESPI_TIMEOUT_MS),
      GEOCODER_URL: proxies.geocoder.url,
      GEOCODER_TIMEOUT_MS: String(GEOCODER_TIMEOUT_MS),
    });
    t = await createTestApp();
    tenant = await createTenant(t.app);
    asset = await addAsset(t, tenant.clientId);
    flespi.messages.set(
      asset.vendorId,
      ROUTE.map((m) => ({ ...m })),
    );
    flespi.intervals.set(`${asset.vendorId}:7`, { id: 7, begin: T0, end: T0 + 3600, start_battery_level: 90, end_battery_level: 80 });
    portal.setInvoices(tenant.clientId.toHexString(), buildInvoices(300));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([portal, flespi, geocoder].map((stub) => stub?.close()));
    await Promise.all(Object.values(proxies ?? {}).map((proxy) => proxy.close()));
  });

  const auth = () => ({ Authorization: `Bearer ${tenant.admin.token}` });
  const timed = async (call: () => request.Test) => {
    const started = Date.now();
    const res = await call();
    return { res, ms: Date.now() - started };
  };
  const ticket = () =>
    request(t.server).post('/api/support/tickets').set(auth()).send({ title: 'GPS sin señal', description: 'No reporta', category: 'technical' });
  const report = () => request(t.server).post('/api/invoices/report').set(auth()).send({ from: '2026-01-01', to: '2026-01-31' });
  const stats = () =>
    request(t.server)
      .post('/api/positions/stats')
      .set(auth())
      .send({ assetIds: [asset.assetId], from: day, to: day });
  const trip = () => request(t.server).get(`/api/trips/${asset.vendorId}/trip/7`).set(auth());

  describe('slow but within the time-out: everything answers normally', () => {
    beforeAll(() => Object.values(proxies).forEach((proxy) => ((proxy.mode = 'slow'), (proxy.slowMs = 300))));

    it('creates a ticket once, builds the report, computes stats and geocodes the trip', async () => {
      const before = proxies.portal.count('POST', '/tickets');
      expect((await ticket()).status).toBe(201);
      expect(proxies.portal.count('POST', '/tickets') - before).toBe(1);
      expect((await report()).status).toBe(200);
      expect((await stats()).status).toBe(200);
      const geocoded = proxies.geocoder.received.length;
      const res = await trip().expect(200);
      expect(res.body.data).toHaveProperty('startAddress');
      expect(proxies.geocoder.received.length).toBeGreaterThan(geocoded);
    });
  });

  describe('Chromium killed during a PDF report', () => {
    it('fails that request cleanly, and the next one succeeds on a new browser', async () => {
      // Before the fault runs below: they leave the portal's circuit breaker open for a while.
      Object.values(proxies).forEach((proxy) => (proxy.mode = 'pass'));
      const { BrowserPool } = await import('@app/reports');
      const pool = t.app.get(BrowserPool);
      const pdf = () => request(t.server).post('/api/invoices/report?format=pdf').set(auth()).send({ from: '2026-01-01', to: '2026-01-31' });
      await pdf().expect(200); // a warm browser
      const pid = await pool.browserPid();
      expect(pid).toBeDefined();
      const inFlight = pdf();
      setTimeout(() => process.kill(pid!, 'SIGKILL'), 150);
      const killed = await inFlight;
      if (killed.status !== 200) {
        expect(killed.status).toBeGreaterThanOrEqual(500);
        expect(Object.keys(killed.body)).toEqual(['message']);
      }
      const next = await pdf().expect(200);
      expect(next.headers['content-type']).toMatch(/application\/pdf/);
      expect(await pool.browserPid()).not.toBe(pid);
    });
  });

  describe.each(FAULTS)('%s', (mode) => {
    beforeAll(() => Object.values(proxies).forEach((proxy) => (proxy.mode = mode)));
    afterAll(() => Object.values(proxies).forEach((proxy) => (proxy.mode = 'pass')));

    it('ticket creation: shape D within the time-out, never sent twice', async () => {
      const before = proxies.portal.count('POST', '/tickets');
      const { res, ms } = await timed(ticket);
      expect(ms).toBeLessThan(BOUND_MS);
      expect([503, 504]).toContain(res.status);
      expect(res.body).toEqual({ status: 'failed', code: 'PORTAL_UNAVAILABLE', message: expect.any(String), requestId: res.headers['x-request-id'] });
      // The circuit breaker may refuse without calling at all; it never calls twice.
      expect(proxies.portal.count('POST', '/tickets') - before).toBeLessThanOrEqual(1);
    });

    it('invoice report: 503 shape D within the time-out, never from stale data', async () => {
      const { res, ms } = await timed(report);
      expect(ms).toBeLessThan(BOUND_MS);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'failed', code: 'PORTAL_UNAVAILABLE', requestId: res.headers['x-request-id'] });
    });

    it('position statistics over flespi: 500 shape B within the time-out', async () => {
      const { res, ms } = await timed(stats);
      expect(ms).toBeLessThan(BOUND_MS);
      expect(res.status).toBe(500);
      expect(Object.keys(res.body)).toEqual(['message']);
    });

    it('a trip survives a geocoder failure (addresses null or cached), not a flespi failure', async () => {
      proxies.flespi.mode = 'pass';
      const survived = await timed(trip);
      expect(survived.ms).toBeLessThan(BOUND_MS);
      expect(survived.res.status).toBe(200);
      proxies.flespi.mode = mode;
      const failed = await timed(trip);
      expect(failed.ms).toBeLessThan(BOUND_MS);
      expect(failed.res.status).toBe(500);
      expect(Object.keys(failed.res.body)).toEqual(['message']);
    });
  });
});
