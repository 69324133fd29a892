import request from 'supertest';
import { strToU8, zipSync } from 'fflate';
import { createTestApp, TestApp } from '@app/testing';
import { Permission } from '@app/auth';
import { createTenant, revokeCredentials, TestTenant } from '../factories/tenant.factory';

const point = (lng: number, lat: number, properties: object = {}) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties });
const line = (coordinates: number[][], properties: object = {}) => ({ type: 'Feature', geometry: { type: 'LineString', coordinates }, properties });
const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
const polygon = (rings: number[][][], properties: object = {}) => ({ type: 'Feature', geometry: { type: 'Polygon', coordinates: rings }, properties });
const collection = (...features: object[]) => ({ type: 'FeatureCollection', features });

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Rutas de reparto</name>
  <Placemark><name>Bodega</name><ExtendedData><Data name="$turno"><value>noche</value></Data></ExtendedData><Point><coordinates>-70.65,-33.45,0</coordinates></Point></Placemark>
  <Folder><name>Tramos</name><Placemark><name>Ruta 68</name><LineString><coordinates>-70.7,-33.4 -70.6,-33.5</coordinates></LineString></Placemark></Folder>
</Document></kml>`;
const GPX = `<?xml version="1.0"?>
<gpx version="1.1" creator="logger" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="-33.45" lon="-70.65"><name>Salida</name></wpt>
  <trk><name>Ida</name><trkseg><trkpt lat="-33.45" lon="-70.65"><ele>520</ele></trkpt><trkpt lat="-33.04" lon="-71.62"><ele>10</ele></trkpt></trkseg></trk>
</gpx>`;
const kmz = (kml: string) => Buffer.from(zipSync({ 'doc.kml': strToU8(kml) }));

/** `/api/layers` through HTTP: CRUD, imports of every format, features in a box, limits, refusals, scope. */
describe('layers', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const auth = (token = tenant.admin.token) => ({ Authorization: `Bearer ${token}` });
  const api = () => request(t.server);
  const create = (body: object, token?: string) => api().post('/api/layers').set(auth(token)).send(body);
  const upload = (content: string | Buffer, filename: string, fields: Record<string, string> = {}, field = 'file') => {
    const req = api().post('/api/layers/import').set(auth());
    for (const [name, value] of Object.entries(fields)) void req.field(name, value);
    return req.attach(field, Buffer.isBuffer(content) ? content : Buffer.from(content), filename);
  };
  const count = () => t.connection.collection('layers').countDocuments({ clientId: tenant.clientId });
  const activity = (action: string) => t.connection.collection('activity_events').find({ clientId: tenant.clientId, action }).toArray();

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates, lists (without features, newest first, by name), reads, changes and deletes a layer, with activity', async () => {
    const features = collection(
      point(-70.65, -33.45, { name: 'Bodega' }),
      line([
        [-70.7, -33.4],
        [-70.6, -33.5],
      ]),
    );
    const created = (await create({ name: 'Rutas', description: 'Zona norte', features }).expect(201)).body.data;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Rutas',
      description: 'Zona norte',
      color: '#6d4c41',
      featureCount: 2,
      bbox: [-70.7, -33.5, -70.6, -33.4],
      features,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const other = (await create({ name: 'Bodegas', color: '#e53935', features: collection() }).expect(201)).body.data;
    expect(other).toMatchObject({ featureCount: 0, bbox: null, color: '#e53935' });

    const list = (await api().get('/api/layers').set(auth()).expect(200)).body;
    expect(list.data.map((layer: { id: string }) => layer.id)).toEqual([other.id, created.id]);
    expect(list.data[1]).toEqual({ ...created, features: undefined });
    expect(Object.keys(list.data[1])).not.toContain('features');
    expect(list.page).toEqual({ nextCursor: null });
    const firstPage = (await api().get('/api/layers?limit=1').set(auth()).expect(200)).body;
    expect((await api().get(`/api/layers?limit=1&cursor=${firstPage.page.nextCursor}`).set(auth()).expect(200)).body.data[0].id).toBe(created.id);
    expect((await api().get('/api/layers?q=ruta').set(auth()).expect(200)).body.data.map((layer: { id: string }) => layer.id)).toEqual([created.id]);

    expect((await api().get(`/api/layers/${created.id}`).set(auth()).expect(200)).body.data).toEqual(created);
    const changed = (
      await api()
        .patch(`/api/layers/${created.id}`)
        .set(auth())
        .send({ name: 'Rutas 2027', features: collection(point(1, 2)) })
        .expect(200)
    ).body.data;
    expect(changed).toMatchObject({ name: 'Rutas 2027', description: 'Zona norte', featureCount: 1, bbox: [1, 2, 1, 2], features: collection(point(1, 2)) });
    await api().patch(`/api/layers/${created.id}`).set(auth()).send({}).expect(400);

    expect((await api().delete(`/api/layers/${created.id}`).set(auth()).expect(200)).body.data).toEqual({ id: created.id });
    await api().get(`/api/layers/${created.id}`).set(auth()).expect(404);
    const [update] = await activity('layer.update');
    expect(update).toMatchObject({ resourceId: expect.anything(), before: { name: 'Rutas', featureCount: 2 }, after: { name: 'Rutas 2027', featureCount: 1 } });
    expect(update.after.features).toBeUndefined();
    expect((await activity('layer.create')).length).toBe(2);
    expect((await activity('layer.delete')).length).toBe(1);
  });

  it('imports GeoJSON, KML, KMZ and GPX files into layers read back as stored, recording where they came from', async () => {
    const geojson = collection(point(-70.6, -33.4, { name: 'A' }), polygon([square(-70.7, -33.5, 0.1)]));
    const fromJson = (await upload(JSON.stringify(geojson), 'zonas.geojson').expect(201)).body.data;
    expect(fromJson).toMatchObject({ name: 'zonas', featureCount: 2, features: geojson });
    const fromKml = (await upload(KML, 'rutas.kml', { color: '#123456' }).expect(201)).body.data;
    expect(fromKml).toMatchObject({ name: 'Rutas de reparto', color: '#123456', featureCount: 2 });
    expect(fromKml.features.features.map((f: any) => [f.properties.name, f.geometry.type])).toEqual([
      ['Bodega', 'Point'],
      ['Ruta 68', 'LineString'],
    ]);
    // A KML's extended data may have keys MongoDB treats specially: stored and answered as they were.
    expect(fromKml.features.features[0].properties.$turno).toBe('noche');
    const fromKmz = (await upload(kmz(KML), 'rutas.kmz', { name: 'Desde KMZ', description: 'Google Earth' }).expect(201)).body.data;
    expect(fromKmz).toMatchObject({ name: 'Desde KMZ', description: 'Google Earth', features: fromKml.features });
    const fromGpx = (await upload(GPX, 'viaje.gpx').expect(201)).body.data;
    expect(fromGpx).toMatchObject({ name: 'viaje', featureCount: 2, bbox: [-71.62, -33.45, -70.65, -33.04] });
    expect(fromGpx.features.features[1].geometry.coordinates).toEqual([
      [-70.65, -33.45, 520],
      [-71.62, -33.04, 10],
    ]);
    for (const layer of [fromJson, fromKml, fromKmz, fromGpx]) {
      expect((await api().get(`/api/layers/${layer.id}`).set(auth()).expect(200)).body.data).toEqual(layer);
    }
    const summaries = (await activity('layer.create')).map((event) => event.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Layer "Desde KMZ" created, imported from KMZ file "rutas\.kmz" \(2 features\)$/)]),
    );
  });

  it('answers the features that meet a box: points in it, lines crossing it, polygons over or around it', async () => {
    const features = collection(
      point(0.5, 0.5, { n: 'point in' }),
      point(5, 5, { n: 'point out' }),
      line(
        [
          [-1, 0.5],
          [2, 0.5],
        ],
        { n: 'line across' },
      ),
      line(
        [
          [-1, 3],
          [3, 5],
        ],
        { n: 'line by' },
      ),
      polygon([square(-2, -2, 5)], { n: 'polygon around' }),
      polygon([square(0.8, 0.8, 1)], { n: 'polygon over the edge' }),
      polygon([square(-10, -10, 30), square(-5, -5, 10)], { n: 'box in its hole' }),
      polygon([square(6, 6, 1)], { n: 'polygon away' }),
      { type: 'Feature', geometry: null, properties: { n: 'nowhere' } },
    );
    const { id } = (await create({ name: 'Formas', features }).expect(201)).body.data;
    const inBox = async (bbox: string) =>
      (await api().get(`/api/layers/${id}/features?bbox=${bbox}`).set(auth()).expect(200)).body.data.features.map((f: any) => f.properties.n);
    expect(await inBox('0,0,1,1')).toEqual(['point in', 'line across', 'polygon around', 'polygon over the edge']);
    expect(await inBox('50,50,60,60')).toEqual([]);
    expect(await inBox('4.5,4.5,5.5,5.5')).toEqual(['point out', 'box in its hole']);
    for (const bad of ['', '1,2,3', '0,0,1,x', '1,0,0,1', '0,1,1,0', '0,0,181,1', '0,-91,1,1', '0,0,1,1,2']) {
      const res = await api().get(`/api/layers/${id}/features?bbox=${bad}`).set(auth()).expect(400);
      expect(res.body.error).toMatch(/bbox/);
    }
    await api().get(`/api/layers/${id}/features`).set(auth()).expect(400);
    await api().get(`/api/layers/${id}/features?bbox=0,0,1,1&extra=1`).set(auth()).expect(400);
  });

  const routes = (id: string): Array<[string, string, object?]> => [
    ['post', '/api/layers', { name: 'x', features: collection() }],
    ['get', '/api/layers'],
    ['get', `/api/layers/${id}`],
    ['get', `/api/layers/${id}/features?bbox=0,0,1,1`],
    ['patch', `/api/layers/${id}`, { name: 'y' }],
    ['delete', `/api/layers/${id}`],
    ['post', '/api/layers/import'],
  ];
  const call = ([method, path, body]: [string, string, object?], headers: Record<string, string>) => {
    const req = (api() as any)[method](path).set(headers);
    return body ? req.send(body) : req;
  };

  it('answers 401 without a credential, with a bogus one, a logged-out session or a revoked API token; 403 without access_places; changing nothing', async () => {
    const { id } = (await create({ name: 'Protegida', features: collection(point(0, 0)) }).expect(201)).body.data;
    const gone = await tenant.addUser();
    await api().get('/api/layers').set(auth(gone.apiToken)).expect(200);
    await revokeCredentials(t.app, gone);
    const viewer = await tenant.addUser({ permissions: [Permission.Geofences, Permission.Assets] });
    const before = await count();
    const wrong: string[] = [];
    for (const [name, headers, status, error] of [
      ['no credential', {}, 401, 'Invalid or expired token'],
      ['a bogus bearer', { Authorization: 'Bearer atk_bogus' }, 401, 'Invalid or expired token'],
      ['a logged-out session', auth(gone.token), 401, 'Invalid or expired token'],
      ['a revoked API token', auth(gone.apiToken), 401, 'Invalid or expired token'],
      ['no access_places', auth(viewer.token), 403, 'You do not have permission to perform this action'],
    ] as const) {
      for (const route of routes(id)) {
        const res = await call(route, headers);
        if (res.status !== status || JSON.stringify(res.body) !== JSON.stringify({ error }))
          wrong.push(`${name}: ${route[0]} ${route[1]} → ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await count()).toBe(before);
    await api().get(`/api/layers/${id}`).set(auth()).expect(200);
  });

  it("answers 404 for another client's layer and for ids that are not ObjectIds, and never lists it", async () => {
    const { id } = (await create({ name: 'Ajena', features: collection(point(0, 0)) }).expect(201)).body.data;
    const other = await createTenant(t.app);
    for (const route of routes(id).filter(([, path]) => path.includes(id))) {
      const res = await call(route, auth(other.admin.token)).expect(404);
      expect(res.body).toEqual({ error: 'Layer not found' });
    }
    expect((await api().get('/api/layers').set(auth(other.admin.token)).expect(200)).body.data).toEqual([]);
    await api().get('/api/layers/not-an-id').set(auth()).expect(404);
    await api().get(`/api/layers/${id}`).set(auth()).expect(200);
  });

  it.each([
    ['an unknown field', { name: 'x', features: collection(), extra: 1 }, /extra/],
    ['a name that is not a string', { name: 7, features: collection() }, /name/],
    ['a control character in the name', { name: 'a\u0007b', features: collection() }, /name/],
    ['a name over 200 characters', { name: 'x'.repeat(201), features: collection() }, /name/],
    ['a bad colour', { name: 'x', color: 'red', features: collection() }, /color must be #rrggbb/],
    ['no features', { name: 'x' }, /features/],
    ['features that are not a FeatureCollection', { name: 'x', features: [point(0, 0)] }, /features must be a GeoJSON FeatureCollection/],
    ['a latitude out of range', { name: 'x', features: collection(point(0, 0), point(0, 95)) }, /feature 2: Point: latitude 95 is outside -90\.\.90/],
    ['an open ring', { name: 'x', features: collection(polygon([square(0, 0, 1).slice(0, 4)])) }, /feature 1: Polygon: a ring must be closed/],
    [
      'a ring of three positions',
      {
        name: 'x',
        features: collection(
          polygon([
            [
              [0, 0],
              [1, 0],
              [0, 0],
            ],
          ]),
        ),
      },
      /a ring needs at least 4 positions/,
    ],
    [
      'an unknown geometry type',
      { name: 'x', features: collection({ type: 'Feature', geometry: { type: 'Circle', coordinates: [0, 0] }, properties: {} }) },
      /geometry type must be one of/,
    ],
    [
      'properties that are not an object',
      { name: 'x', features: collection({ ...point(0, 0), properties: 'hola' }) },
      /feature 1: properties must be an object or null/,
    ],
    [
      'a string coordinate',
      { name: 'x', features: collection({ type: 'Feature', geometry: { type: 'Point', coordinates: ['0', 0] }, properties: {} }) },
      /finite numbers/,
    ],
  ])('refuses %s with 400 in shape A, writing nothing', async (_name, body, message) => {
    const before = await count();
    const res = await create(body).expect(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('refuses __proto__ keys anywhere in the body, and features in a PATCH that break the same rules', async () => {
    const before = await count();
    const polluted = `{"name":"x","features":{"type":"FeatureCollection","features":[{"type":"Feature","geometry":null,"properties":{"__proto__":{"admin":true}}}]}}`;
    expect((await api().post('/api/layers').set(auth()).set('Content-Type', 'application/json').send(polluted).expect(400)).body.error).toMatch(/__proto__/);
    expect(await count()).toBe(before);
    const { id } = (await create({ name: 'Parche', features: collection(point(0, 0)) }).expect(201)).body.data;
    const res = await api()
      .patch(`/api/layers/${id}`)
      .set(auth())
      .send({ features: collection(point(200, 0)) })
      .expect(400);
    expect(res.body.error).toMatch(/feature 1: Point: longitude 200 is outside -180\.\.180/);
    await api().patch(`/api/layers/${id}`).set(auth()).send({ featureCount: 3 }).expect(400);
    expect((await api().get(`/api/layers/${id}`).set(auth()).expect(200)).body.data.features).toEqual(collection(point(0, 0)));
  });

  it('refuses more than 10 000 features (400) and a body over 5 MB (413), while a 2 MB layer is fine', async () => {
    const before = await count();
    const many = collection(...Array.from({ length: 10_001 }, (_, i) => point((i % 360) - 180, 0)));
    expect((await create({ name: 'Muchas', features: many }).expect(400)).body.error).toMatch(/at most 10000 features, not 10001/);
    const big = collection(line(Array.from({ length: 200_000 }, (_, i) => [-70 + i / 1e6, -33.123456789])));
    expect(JSON.stringify(big).length).toBeGreaterThan(5 * 1024 * 1024);
    expect((await create({ name: 'Enorme', features: big }).expect(413)).body).toEqual({ error: expect.any(String) });
    expect(await count()).toBe(before);
    const fine = collection(line(Array.from({ length: 80_000 }, (_, i) => [-70 + i / 1e6, -33.123456789])));
    expect(JSON.stringify(fine).length).toBeGreaterThan(1024 * 1024);
    await create({ name: 'Grande', features: fine }).expect(201);
  });

  it.each([
    ['a truncated KMZ', () => kmz(KML).subarray(0, 60), 'rutas.kmz', /KMZ archive is truncated or damaged/],
    [
      'a zip bomb',
      () => Buffer.from(zipSync({ 'doc.kml': new Uint8Array(24 * 1024 * 1024).fill(0x61) }, { level: 9 })),
      'bomba.kmz',
      /inflates to more than 20 MB/,
    ],
    [
      'an XML entity bomb',
      () => `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><kml>&b;</kml>`,
      'bomba.kml',
      /XML with a DOCTYPE is refused/,
    ],
    ['an external entity', () => `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]><gpx>&x;</gpx>`, 'x.gpx', /DOCTYPE is refused/],
    ['XML that breaks', () => '<kml><Document><Placemark></Document></kml>', 'roto.kml', /not well-formed XML/],
    ['garbage bytes', () => Buffer.from([0x00, 0x01, 0x02, 0x41, 0x42]), 'basura.kml', /"basura.kml" is not a geographic file/],
    ['bytes that are not UTF-8', () => Buffer.from([0x7b, 0x9f, 0x92, 0x96, 0x01]), 'latin.geojson', /not UTF-8 text/],
    ['an empty file', () => '', 'vacio.geojson', /The file is empty/],
    ['malformed JSON', () => '{"type": "FeatureCollection", "features": [}', 'malo.geojson', /not valid JSON/],
    [
      'a bad geometry in the file',
      () => JSON.stringify(collection(point(0, 0), point(0, 0), point(999, 0))),
      'malo.geojson',
      /feature 3: Point: longitude 999/,
    ],
    [
      'over 10 000 features in the file',
      () => JSON.stringify(collection(...Array.from({ length: 10_001 }, () => point(0, 0)))),
      'muchas.geojson',
      /at most 10000 features/,
    ],
  ])('refuses %s with a readable 400 in shape A, writing nothing', async (_name, content, filename, message) => {
    const before = await count();
    const res = await upload(content(), filename).expect(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatch(message);
    expect(await count()).toBe(before);
  });

  it('refuses an upload in another field, without a file, with unknown form fields or a bad colour, and a file over 10 MB (413)', async () => {
    const before = await count();
    expect((await upload(KML, 'a.kml', {}, 'archivo').expect(400)).body.error).toMatch(/field "file"/);
    expect((await api().post('/api/layers/import').set(auth()).field('name', 'x').expect(400)).body.error).toMatch(/No file/);
    expect((await upload(KML, 'a.kml', { owner: 'x' }).expect(400)).body.error).toMatch(/owner/);
    expect((await upload(KML, 'a.kml', { color: 'azul' }).expect(400)).body.error).toMatch(/color must be #rrggbb/);
    expect((await upload(KML, 'a.kml', { name: 'a\u0001b' }).expect(400)).body.error).toMatch(/name/);
    expect((await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20), 'big.geojson').expect(413)).body.error).toMatch(/larger than 10 MB/);
    expect(await count()).toBe(before);
  });
});
