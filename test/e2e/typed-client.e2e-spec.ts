import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createFleetClient, FleetClient, Schemas } from '../../clients/typescript/src';
import { createTenant, TestTenant } from '../factories/tenant.factory';

/**
 * The generated TypeScript client against the real app over HTTP: its types are checked by
 * `npm run typecheck` (a changed contract breaks this file there) and its calls here (a changed
 * answer breaks them at run time).
 */
describe('typed client (clients/typescript) against the running API', () => {
  let t: TestApp;
  let baseUrl: string;
  let tenant: TestTenant;
  let client: FleetClient;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    tenant = await createTenant(t.app);
    client = createFleetClient({ baseUrl, token: tenant.admin.token });
  });
  afterAll(() => t.close());

  /** The documented errors of an operation are a union (shape A for 4xx, B for 500): narrows to A. */
  const shapeA = (error: Schemas['ErrorShapeA'] | Schemas['ErrorShapeB'] | undefined): Schemas['ErrorShapeA'] => {
    if (!error || !('error' in error)) throw new Error(`expected an error of shape A, got ${JSON.stringify(error)}`);
    return error;
  };
  const plate = () => `TC-${new Types.ObjectId().toHexString().slice(-6).toUpperCase()}`;

  it('authenticates with an API token (atk_…) and reads the caller', async () => {
    const viaApiToken = createFleetClient({ baseUrl, token: tenant.admin.apiToken });
    const { data, error, response } = await viaApiToken.GET('/api/auth/me');
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    const me: Schemas['MeView'] = data!.data;
    expect(me.email).toBe(tenant.admin.email);
    expect(me.credential.kind).toBe('api_token');
  });

  it('signs in (typed SessionView) and calls the API with the session token', async () => {
    const anonymous = createFleetClient({ baseUrl });
    const { data, error, response } = await anonymous.POST('/api/auth/login', {
      body: { email: tenant.admin.email, password: tenant.admin.password },
    });
    expect([response.status, error]).toEqual([200, undefined]);
    const session: Schemas['SessionView'] = data!.data;
    expect(session.token).toMatch(/^sess_/);
    const me = await createFleetClient({ baseUrl, token: session.token }).GET('/api/auth/me');
    expect(me.data!.data.credential.kind).toBe('session');
  });

  it('answers a wrong password with the typed 401 (shape A)', async () => {
    const anonymous = createFleetClient({ baseUrl });
    const { data, error, response } = await anonymous.POST('/api/auth/login', {
      body: { email: tenant.admin.email, password: 'not the password at all' },
    });
    expect(response.status).toBe(401);
    expect(data).toBeUndefined();
    expect(shapeA(error).error).toMatch(/email or password|invalid/i);
  });

  it('creates an asset (201) and reads it back', async () => {
    const body: Schemas['CreateAssetDto'] = { name: 'Client-made truck', kind: 'truck', plate: plate() };
    const created = await client.POST('/api/assets', { body });
    expect(created.response.status).toBe(201);
    const asset: Schemas['AssetView'] = created.data!.data;
    expect([asset.name, asset.kind, asset.plate, asset.archivedAt, asset.mainTrackerId]).toEqual([body.name, 'truck', body.plate, null, null]);

    const read = await client.GET('/api/assets/{id}', { params: { path: { id: asset.id } } });
    expect(read.data?.data.id).toBe(asset.id);
  });

  it('lists assets in cursor pages until nextCursor is null', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { data } = await client.POST('/api/assets', { body: { name: `Paged ${i}`, kind: 'van', plate: plate() } });
      made.push(data!.data.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { data, error } = await client.GET('/api/assets', { params: { query: { kind: 'van', limit: 2, cursor } } });
      expect(error).toBeUndefined();
      expect(data!.data.length).toBeLessThanOrEqual(2);
      seen.push(...data!.data.map((asset) => asset.id));
      cursor = data!.page.nextCursor ?? undefined;
    } while (cursor);
    // Newest first, every asset once.
    expect(seen).toEqual([...made].reverse());
  });

  it('answers an unknown asset with the typed 404 (shape A)', async () => {
    const { data, error, response } = await client.GET('/api/assets/{id}', { params: { path: { id: new Types.ObjectId().toHexString() } } });
    expect(response.status).toBe(404);
    expect(data).toBeUndefined();
    expect(error).toEqual({ error: expect.any(String) });
  });

  it('answers a bad page size with the typed 400 (shape A)', async () => {
    const { error, response } = await client.GET('/api/assets', { params: { query: { limit: 0 } } });
    expect(response.status).toBe(400);
    expect(shapeA(error).error).toEqual(expect.any(String));
  });

  describe('operations of the specification', () => {
    it('18. lists the work order categories: an array of strings', async () => {
      const { data, response } = await client.GET('/api/maintenance/work-orders/categories');
      expect(response.status).toBe(200);
      const categories: string[] = data!.data;
      expect(categories.length).toBeGreaterThan(0);
      expect(categories.every((category) => typeof category === 'string')).toBe(true);
    });

    it('12. lists the dynamic forms with a status filter', async () => {
      const { data, response } = await client.GET('/api/dynamic-forms', { params: { query: { status: 'active' } } });
      expect(response.status).toBe(200);
      expect(data!.data).toEqual([]);
    });

    it("13. answers another client's or an unknown driver with the typed 404 (shape A)", async () => {
      const { error, response } = await client.GET('/api/drivers/{id}', { params: { path: { id: new Types.ObjectId().toHexString() } } });
      expect(response.status).toBe(404);
      expect(error).toEqual({ error: expect.any(String) });
    });
  });
});
