import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, EVERY_PERMISSION, TestTenant } from '../factories/tenant.factory';

const pin = (lng: number, lat: number) => ({ type: 'Point', coordinates: [lng, lat] });
const square = (x: number, y: number, size = 0.002) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ],
});

/** `/api/places` through HTTP: CRUD with activity, validation, the list's filters and `near=`, access. */
describe('places', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const create = (body: object, token?: string) => api().post('/api/places').set(auth(token)).send(body);
  const list = async (query: string, token?: string) => (await api().get(`/api/places?${query}`).set(auth(token)).expect(200)).body;
  const count = () => t.connection.collection('places').countDocuments({ clientId: tenant.clientId });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates a place with its defaults, reads, changes and deletes it, recording each write', async () => {
    const created = (await create({ name: '  Depósito Pudahuel ', location: pin(-70.75, -33.44) }).expect(201)).body.data;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Depósito Pudahuel',
      address: '',
      location: pin(-70.75, -33.44),
      radiusM: 100,
      area: null,
      externalId: null,
      tags: [],
      notes: '',
      visitMinutes: 3,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await api().get(`/api/places/${created.id}`).set(auth()).expect(200)).body.data).toEqual(created);
    const patch = (body: object) => api().patch(`/api/places/${created.id}`).set(auth()).send(body);
    const drawn = (await patch({ area: square(-70.751, -33.441), notes: 'Portón 2\nTurno noche', tags: ['depósito'], externalId: 'DEP-1' }).expect(200)).body
      .data;
    expect(drawn).toMatchObject({ area: square(-70.751, -33.441), notes: 'Portón 2\nTurno noche', tags: ['depósito'], externalId: 'DEP-1', radiusM: 100 });
    const cleared = (await patch({ area: null, externalId: null, radiusM: 250, visitMinutes: 10 }).expect(200)).body.data;
    expect(cleared).toMatchObject({ area: null, externalId: null, radiusM: 250, visitMinutes: 10, notes: 'Portón 2\nTurno noche' });
    await patch({}).expect(400);
    expect((await api().delete(`/api/places/${created.id}`).set(auth()).expect(200)).body.data).toEqual({ id: created.id });
    await api().get(`/api/places/${created.id}`).set(auth()).expect(404);
    const events = await t.connection
      .collection('activity_events')
      .find({ clientId: tenant.clientId, resourceType: 'place', resourceId: created.id })
      .sort({ _id: 1 })
      .toArray();
    expect(events.map((event) => event.action)).toEqual(['place.create', 'place.update', 'place.update', 'place.delete']);
    expect(events[1]).toMatchObject({ before: { externalId: null }, after: { externalId: 'DEP-1' } });
  });

  const valid = { name: 'Cliente', location: pin(-70.6, -33.4) };
  it.each([
    ['an unknown field', { ...valid, colour: 'red' }, 'colour'],
    ['a text radius', { ...valid, radiusM: '100' }, 'radiusM must be a number'],
    ['a radius under 10 m', { ...valid, radiusM: 9 }, 'radiusM must not be less than 10'],
    ['a radius over 5 000 m', { ...valid, radiusM: 5001 }, 'radiusM must not be greater than 5000'],
    ['visitMinutes 0', { ...valid, visitMinutes: 0 }, 'visitMinutes must not be less than 1'],
    ['visitMinutes 241', { ...valid, visitMinutes: 241 }, 'visitMinutes must not be greater than 240'],
    ['a control character in the name', { ...valid, name: 'Cli\u0007ente' }, 'name'],
    ['a name over 200 characters', { ...valid, name: 'x'.repeat(201) }, 'name must be shorter than or equal to 200'],
    ['a latitude out of range', { ...valid, location: pin(-70, -91) }, 'latitude -91 is outside -90..90'],
    ['a location that is not a Point', { ...valid, location: square(-70, -33) }, 'location: type must be Point'],
    ['a location of text', { ...valid, location: 'Santiago' }, 'location: must be a GeoJSON object'],
    [
      'an unclosed ring',
      { ...valid, area: { type: 'Polygon', coordinates: [square(-70, -33).coordinates[0].slice(0, 4)] } },
      'area: coordinates[0]: the ring is not closed',
    ],
    ['an area that is a Point', { ...valid, area: pin(-70, -33) }, 'area: type must be Polygon'],
    ['21 tags', { ...valid, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags: at most 20'],
    ['a repeated tag', { ...valid, tags: ['a', 'a'] }, 'tags must not repeat a tag'],
    ['an empty tag', { ...valid, tags: [''] }, 'each tag must be 1 to 50 characters'],
    ['an externalId over 100 characters', { ...valid, externalId: 'x'.repeat(101) }, 'externalId'],
  ])('refuses %s with a 400 naming it, storing nothing', async (_name, body, message) => {
    const before = await count();
    const res = await create(body).expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining(message) });
    expect(await count()).toBe(before);
  });

  it('refuses a __proto__ key at any depth, and an unknown field in a change', async () => {
    const sent = `{"name":"X","location":{"type":"Point","coordinates":[-70,-33],"__proto__":{"admin":true}}}`;
    const res = await api().post('/api/places').set(auth()).set('Content-Type', 'application/json').send(sent).expect(400);
    expect(res.body.error).toContain('__proto__');
    const id = (await create({ ...valid, name: 'Para cambiar' }).expect(201)).body.data.id;
    expect((await api().patch(`/api/places/${id}`).set(auth()).send({ createdAt: '2020-01-01T00:00:00Z' }).expect(400)).body.error).toContain('createdAt');
  });

  it('answers 409 naming an externalId already used, on create and on change', async () => {
    await create({ ...valid, name: 'Uno', externalId: 'CLI-7' }).expect(201);
    const res = await create({ ...valid, name: 'Dos', externalId: 'CLI-7' }).expect(409);
    expect(res.body).toEqual({ error: 'externalId "CLI-7" is already another place\'s: each place\'s externalId is unique' });
    const other = (await create({ ...valid, name: 'Tres', externalId: 'CLI-8' }).expect(201)).body.data.id;
    expect((await api().patch(`/api/places/${other}`).set(auth()).send({ externalId: 'CLI-7' }).expect(409)).body.error).toContain('"CLI-7"');
    // Another client may use the same id.
    const second = await createTenant(t.app);
    await create({ ...valid, externalId: 'CLI-7' }, second.admin.token).expect(201);
  });

  describe('the list', () => {
    let owner: TestTenant;
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      owner = await createTenant(t.app);
      const places: Array<[string, object]> = [
        ['center', { name: 'Plaza de Armas', address: 'Catedral 1000, Santiago', location: pin(-70.6506, -33.4378), tags: ['cliente'] }],
        ['near300', { name: 'Bodega Mapocho', location: pin(-70.6506, -33.4351), tags: ['bodega'], externalId: 'B-1' }],
        ['near800', { name: 'Ñuñoa Market', address: 'Av. José Pedro Alessandri 20', location: pin(-70.6506, -33.4306), tags: ['cliente'] }],
        ['far', { name: 'Valparaíso Puerto', location: pin(-71.6197, -33.0458), tags: ['cliente', 'puerto'] }],
      ];
      for (const [key, body] of places) ids[key] = (await create(body, owner.admin.token).expect(201)).body.data.id;
    });
    const names = (body: { data: Array<{ id: string }> }) => body.data.map((place) => Object.keys(ids).find((key) => ids[key] === place.id));
    const of = (query: string) => list(query, owner.admin.token);

    it('is newest first, in pages whose cursor continues it', async () => {
      expect(names(await of(''))).toEqual(['far', 'near800', 'near300', 'center']);
      const first = await of('limit=3');
      expect(names(first)).toEqual(['far', 'near800', 'near300']);
      const second = await of(`limit=3&cursor=${first.page.nextCursor}`);
      expect(names(second)).toEqual(['center']);
      expect(second.page.nextCursor).toBeNull();
    });

    it('finds by a word of the name or address that starts with q, any case or accent, and by tag and externalId', async () => {
      expect(names(await of('q=plaza'))).toEqual(['center']);
      expect(names(await of('q=NUNOA'))).toEqual(['near800']);
      expect(names(await of('q=alessa'))).toEqual(['near800']);
      expect(names(await of('q=jose%20pedro'))).toEqual(['near800']);
      expect(names(await of('q=apocho'))).toEqual([]); // inside a word: not a match
      expect(names(await of('q=.*'))).toEqual([]); // text, not a pattern
      expect(names(await of('tag=cliente'))).toEqual(['far', 'near800', 'center']);
      expect(names(await of('tag=cliente&q=val'))).toEqual(['far']);
      expect(names(await of('externalId=B-1'))).toEqual(['near300']);
    });

    it('lists the places within radiusM of near=, nearest first, with their distance, in pages', async () => {
      const near = await of('near=-33.4378,-70.6506');
      expect(names(near)).toEqual(['center', 'near300', 'near800']);
      expect(near.data.map((place: { distanceM: number }) => place.distanceM)).toEqual([0, 300, 801]);
      expect(names(await of('near=-33.4378,-70.6506&radiusM=500'))).toEqual(['center', 'near300']);
      expect(names(await of('near=-33.4306,-70.6506&radiusM=100000'))).toEqual(['near800', 'near300', 'center', 'far']);
      expect(names(await of('near=-33.4378,-70.6506&tag=cliente'))).toEqual(['center', 'near800']);
      const first = await of('near=-33.4378,-70.6506&limit=2');
      expect(names(first)).toEqual(['center', 'near300']);
      const second = await of(`near=-33.4378,-70.6506&limit=2&cursor=${first.page.nextCursor}`);
      expect(names(second)).toEqual(['near800']);
      expect(second.page.nextCursor).toBeNull();
    });

    it.each([
      ['an unknown filter', 'color=red', 'color'],
      ['near that is not lat,lng', 'near=santiago', 'near must be lat,lng'],
      ['a latitude out of range', 'near=-93.1,-70.6', 'near must be a latitude'],
      ['radiusM without near', 'radiusM=100', 'radiusM: only with near'],
      ['radiusM over 100 km', 'near=-33.4,-70.6&radiusM=100001', 'radiusM must be a whole number'],
      ['a limit of 0', 'limit=0', 'limit must be a whole number from 1 to 200'],
      ['a cursor of the plain list with near=', 'near=-33.4,-70.6&cursor=PLAIN', 'cursor'],
    ])('refuses %s with a 400', async (_name, query, message) => {
      let sent = query;
      if (query.includes('PLAIN')) sent = query.replace('PLAIN', (await of('limit=1')).page.nextCursor);
      const res = await api().get(`/api/places?${sent}`).set(auth(owner.admin.token)).expect(400);
      expect(res.body).toEqual({ error: expect.stringContaining(message) });
    });

    it("never shows or touches another client's places (404)", async () => {
      expect((await list('')).data.map((place: { id: string }) => place.id)).not.toContain(ids.center);
      await api().get(`/api/places/${ids.center}`).set(auth()).expect(404);
      await api().patch(`/api/places/${ids.center}`).set(auth()).send({ name: 'Mío' }).expect(404);
      await api().delete(`/api/places/${ids.center}`).set(auth()).expect(404);
      await api().get(`/api/places/${ids.center}`).set(auth(owner.admin.token)).expect(200);
    });
  });

  it('answers 401 without a valid credential and 403 without access_places, changing nothing', async () => {
    const gone = await tenant.addUser();
    const tokens = (await api().get('/api/auth/api-tokens').set(auth(gone.token)).expect(200)).body.data as Array<{ id: string; hint: string }>;
    const { id: tokenId } = tokens.find((token) => token.hint === `…${gone.apiToken.slice(-4)}`)!;
    await api().delete(`/api/auth/api-tokens/${tokenId}`).set(auth(gone.token)).expect(200);
    const without = await tenant.addUser({ permissions: EVERY_PERMISSION.filter((permission) => permission !== Permission.Places) });
    const before = await count();
    for (const headers of [{}, { Authorization: 'Bearer atk_bogus' }, auth(gone.apiToken)]) {
      await api().get('/api/places').set(headers).expect(401, { error: 'Invalid or expired token' });
      await api().post('/api/places').set(headers).send(valid).expect(401);
    }
    const forbidden = { error: 'You do not have permission to perform this action' };
    await api().get('/api/places').set(auth(without.token)).expect(403, forbidden);
    await create(valid, without.token).expect(403, forbidden);
    expect(await count()).toBe(before);
  });
});
