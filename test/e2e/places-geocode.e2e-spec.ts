import request from 'supertest';
import { Permission } from '@app/auth';
import { GeocoderStub, startGeocoderStub } from '@app/testing/geocoder-stub';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { createTenant, EVERY_PERMISSION, TestTenant } from '../factories/tenant.factory';

/** `GET /api/geocode` through HTTP, against a local Nominatim-compatible server: matches, failures, no geocoder. */
describe('geocode', () => {
  let geocoder: GeocoderStub;
  let t: TestApp;
  /** The same database, GEOCODER_URL unset: tenants are made through `t` and used on both. */
  let off: TestApp;
  let tenant: TestTenant;
  const geocode = (q: string, token = tenant.admin.token, app = t) =>
    request(app.server)
      .get(`/api/geocode?q=${encodeURIComponent(q)}`)
      .set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    geocoder = await startGeocoderStub();
    // The geocoder's one request a second: a test waits its turn (at most 2 s) rather than being refused.
    off = await createTestApp();
    t = await createTestAppWithEnv({ GEOCODER_URL: geocoder.url, GEOCODER_TIMEOUT_MS: '300' });
    tenant = await createTenant(off.app);
    geocoder.matches.set('Plaza de Armas, Santiago', [
      { display_name: 'Plaza de Armas, Santiago, Región Metropolitana, Chile', lat: '-33.4378', lon: '-70.6505' },
      { display_name: 'sin posición', lat: '', lon: '' },
      { display_name: 'Plaza de Armas, Curicó, Chile', lat: '-34.985', lon: '-71.239' },
    ]);
  }, 60_000);
  afterEach(() => {
    geocoder.mode = 'ok';
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    await geocoder.close();
  });

  it('answers the matches as {label, lat, lng}, best first, skipping entries without a position; none is []', async () => {
    expect((await geocode('Plaza de Armas, Santiago').expect(200)).body).toEqual({
      status: 'success',
      data: [
        { label: 'Plaza de Armas, Santiago, Región Metropolitana, Chile', lat: -33.4378, lng: -70.6505 },
        { label: 'Plaza de Armas, Curicó, Chile', lat: -34.985, lng: -71.239 },
      ],
    });
    const asked = geocoder.requests.at(-1)!;
    expect(asked).toMatchObject({ q: 'Plaza de Armas, Santiago' });
    expect((await geocode('Atlántida').expect(200)).body.data).toEqual([]);
  });

  it.each([
    ['fails', 'error', 'Geocoder failed: answered 500: try again later'],
    ['hangs', 'hang', 'Geocoder failed'],
    ['answers something that is not a list', 'garbage', 'its answer is not a list'],
  ] as const)('answers 502 in shape A, never a 500, when the geocoder %s', async (_name, mode, message) => {
    geocoder.mode = mode;
    const res = await geocode('Providencia').expect(502);
    expect(res.body).toEqual({ error: expect.stringContaining(message) });
  });

  it('answers [] without a geocoder configured, as trip addresses stay null without one', async () => {
    const asked = geocoder.requests.length;
    expect((await geocode('Providencia', tenant.admin.token, off).expect(200)).body.data).toEqual([]);
    expect(geocoder.requests).toHaveLength(asked);
  });

  it('refuses a missing, empty or long q and unknown parameters (400), no credential (401) and no access_places (403)', async () => {
    const call = (query: string) => request(t.server).get(`/api/geocode${query}`).set('Authorization', `Bearer ${tenant.admin.token}`);
    expect((await call('').expect(400)).body.error).toContain('q');
    await call('?q=').expect(400);
    await call(`?q=${'x'.repeat(201)}`).expect(400);
    expect((await call('?q=a&limit=3').expect(400)).body.error).toContain('limit');
    await request(t.server).get('/api/geocode?q=a').expect(401);
    const without = await tenant.addUser({ permissions: EVERY_PERMISSION.filter((permission) => permission !== Permission.Places) });
    await geocode('Providencia', without.token).expect(403);
  });
});
