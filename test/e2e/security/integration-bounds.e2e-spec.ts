import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { MisbehavingServer, startMisbehavingServer } from '@app/testing/misbehaving-server';
import { createTenant, TestTenant } from '../../factories/tenant.factory';
import { addAsset, ROUTE, storeTrip, TrackedFixture } from '../positions-fixtures';

/**
 * The flespi and geocoder clients are bounded like the billing portal client, by a total time and
 * a maximum answer size: with an idle timeout alone, a server dripping one byte at a time would
 * hold a request forever, and a huge answer would be read whole.
 */
describe('external answers that are slow or huge', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let main: TrackedFixture;
  let server: MisbehavingServer;

  beforeAll(async () => {
    server = await startMisbehavingServer();
    t = await createTestApp();
    tenant = await createTenant(t.app);
    main = await addAsset(t, tenant.clientId);
    await storeTrip(t, main.trackerId, 4242, ROUTE);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  describe('geocoder', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestAppWithEnv({ GEOCODER_URL: server.url, GEOCODER_TIMEOUT_MS: '400' });
    });
    afterAll(() => app.close());

    it.each(['drip', 'huge'] as const)('a %s answer: the trip still answers, quickly, with null addresses', async (mode) => {
      server.mode = mode;
      server.hugeBytes = 8 * 1024 * 1024;
      const before = server.requests;
      const started = Date.now();
      const res = await request(app.server).get(`/api/trips/${main.vendorId}/trip/4242`).set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(res.body.data).toMatchObject({ id: 4242, startAddress: null, endAddress: null });
      expect(server.requests).toBeGreaterThan(before);
      expect(server.abandoned).toBeGreaterThanOrEqual(server.requests - 1);
    });
  });

  describe('flespi', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestAppWithEnv({ TELEMETRY_SOURCE: 'flespi', FLESPI_URL: server.url, FLESPI_TOKEN: 'token', FLESPI_TIMEOUT_MS: '500' });
    });
    afterAll(() => app.close());

    it.each(['drip', 'huge'] as const)(
      'a %s answer: the statistics fail cleanly with the documented 500 shape B, quickly',
      async (mode) => {
        server.mode = mode;
        server.hugeBytes = 100 * 1024 * 1024;
        const abandoned = server.abandoned;
        const started = Date.now();
        const res = await request(app.server)
          .post('/api/positions/stats')
          .set('Authorization', `Bearer ${tenant.admin.token}`)
          .send({ assetIds: [main.assetId], from: '15/01/2026', to: '15/01/2026' });
        expect([res.status, res.body]).toEqual([500, { message: 'The telemetry provider is unavailable; try again later' }]);
        expect(Date.now() - started).toBeLessThan(8_000);
        // The answer was cut off (over the size limit, or out of time), not read to its end.
        for (let i = 0; i < 20 && server.abandoned === abandoned; i++) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(server.abandoned).toBeGreaterThan(abandoned);
      },
      20_000,
    );
  });
});
