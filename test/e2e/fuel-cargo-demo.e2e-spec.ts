import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { DemoManifest } from '../../src/seed/demo-manifest';
import { DemoSeedService } from '../../src/seed/demo-seed.service';

/** The demo seed completes `fuelTariff` and `cargoLocation`, with prices for the four grades. */
describe('demo data: fuel and cargo', () => {
  let t: TestApp;
  let manifest: DemoManifest;
  const get = (path: string, token: string) => request(t.server).get(path).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await createTestApp();
    manifest = await t.app.get(DemoSeedService).seed();
  }, 120_000);
  afterAll(() => t.close());

  it.each(['acme', 'globex'] as const)('%s: the manifest’s tariff is a custom tariff of the client, editable by its admin', async (key) => {
    const client = manifest.clients[key];
    const res = await request(t.server)
      .patch(`/api/fuel-tariffs/${client.fuelTariff as string}`)
      .set('Authorization', `Bearer ${client.users.admin.apiToken}`)
      .send({ name: 'Diésel demo' })
      .expect(200);
    expect(res.body.data).toMatchObject({ id: client.fuelTariff, clientId: client.id, custom: true, baseType: 'diesel' });
  });

  it.each(['acme', 'globex'] as const)('%s: the manifest’s cargo location is the client’s', async (key) => {
    const client = manifest.clients[key];
    const res = await get(`/api/cargo/ubicaciones/${client.cargoLocation as string}`, client.users.operator.sessionToken).expect(200);
    expect(res.body.data).toMatchObject({ id: client.cargoLocation, clientId: client.id });
    const other = manifest.clients[key === 'acme' ? 'globex' : 'acme'];
    await get(`/api/cargo/ubicaciones/${client.cargoLocation as string}`, other.users.admin.apiToken).expect(404);
  });

  it('global prices are seeded once for the four grades, and each client has its own for all four', async () => {
    const records = t.connection.collection('fuel_price_records');
    expect(await records.countDocuments({ scope: 'global' })).toBe(12);
    for (const key of ['acme', 'globex'] as const) {
      const res = await get('/api/fuel-prices/history', manifest.clients[key].users.admin.apiToken).expect(200);
      const data = res.body.data as Array<{ fuelType: string; scope: string; validTo: string | null }>;
      for (const grade of ['gasoline_93', 'gasoline_95', 'gasoline_97', 'diesel']) {
        expect(data.filter((r) => r.fuelType === grade && r.scope === 'global')).toHaveLength(3);
        expect(data.filter((r) => r.fuelType === grade && r.scope === 'client' && r.validTo === null)).toHaveLength(1);
      }
    }
  });

  it('a price change of the demo tariff re-values its month of costs', async () => {
    const client = manifest.clients.acme;
    await request(t.server)
      .patch(`/api/fuel-tariffs/${client.fuelTariff as string}`)
      .set('Authorization', `Bearer ${client.users.admin.apiToken}`)
      .send({ pricePerLiter: 1033.5 })
      .expect(200);
    const job = await t.connection.collection('fuel_price_changes').findOne({ state: 'completed' });
    expect(job).toMatchObject({ revaluedCount: 30, after: { pricePerLiter: 1033.5 } });
  });
});
