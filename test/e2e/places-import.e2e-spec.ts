import { strToU8, zipSync } from 'fflate';
import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, EVERY_PERMISSION, TestTenant } from '../factories/tenant.factory';

const HEADER = 'name,lat,lng,radiusM,address,externalId,tags';
const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

/** `POST /api/places/import` through HTTP: CSV rows created, updated by externalId, refused by number; dry runs; bad files. */
describe('places import', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const upload = (file: Buffer, query = '', token = tenant.admin.token) =>
    request(t.server).post(`/api/places/import${query}`).set('Authorization', `Bearer ${token}`).attach('file', file, 'lugares.csv');
  const places = () => t.connection.collection('places').find({ clientId: tenant.clientId }).sort({ _id: 1 }).toArray();

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates rows, updates by externalId, counts unchanged rows and reports bad rows by number; a dry run answers the same and writes nothing', async () => {
    const first = csv(
      HEADER,
      'Lo Valledor,-33.4811,-70.6733,150,"Av. General Velásquez 1225, Santiago",CLI-1,cliente;feria',
      'Depósito,-33.44,-70.75,,,DEP-1,',
      'Sin id,-33.45,-70.66,,,,',
    );
    expect((await upload(first).expect(200)).body.data).toEqual({ created: 3, updated: 0, unchanged: 0, failed: [] });
    const stored = await places();
    expect(stored.map((place) => [place.name, place.radiusM, place.tags, place.externalId])).toEqual([
      ['Lo Valledor', 150, ['cliente', 'feria'], 'CLI-1'],
      ['Depósito', 100, [], 'DEP-1'],
      ['Sin id', 100, [], null],
    ]);
    expect(stored[0]).toMatchObject({ address: 'Av. General Velásquez 1225, Santiago', location: { type: 'Point', coordinates: [-70.6733, -33.4811] } });
    // The API lists them at once (the index was told).
    const listed = await request(t.server).get('/api/places?externalId=DEP-1').set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
    expect(listed.body.data.map((place: { name: string }) => place.name)).toEqual(['Depósito']);

    const second = csv(
      'externalId;tags;name;lng;lat', // another order, another separator, no radiusM or address column
      'CLI-1;cliente,feria;Lo Valledor;-70.6733;-33.4811',
      'DEP-1;depósito;Depósito Pudahuel;-70.75;-33.44',
      'NEW-1;;Nuevo;-70.6;-33.4',
      'NEW-1;;Nuevo otra vez;-70.6;-33.4',
      'MAL-1;;Lejos;-70.6;-95',
      'MAL-2;;;-70.6;-33.4',
      'MAL-3;;Texto;oeste;-33.4',
    );
    const expected = {
      created: 1,
      updated: 2,
      unchanged: 0,
      failed: [
        { row: 4, message: 'externalId "NEW-1" repeats row 3 of the file' },
        { row: 5, message: 'location: coordinates: latitude -95 is outside -90..90' },
        { row: 6, message: 'name should not be empty' },
        { row: 7, message: 'lng must be a number of degrees (e.g. -70.6693)' },
      ],
    };
    const before = await places();
    const activityBefore = await t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId });
    expect((await upload(second, '?dryRun=true').expect(200)).body.data).toEqual(expected);
    expect(await places()).toEqual(before);
    expect(await t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId })).toBe(activityBefore);

    expect((await upload(second).expect(200)).body.data).toEqual(expected);
    const after = await places();
    expect(after).toHaveLength(4);
    // "cliente,feria" is one tag here: `;` is this file's separator, so the cell holds no `;`.
    expect(after.find((place) => place.externalId === 'CLI-1')).toMatchObject({
      tags: ['cliente,feria'],
      radiusM: 150,
      address: 'Av. General Velásquez 1225, Santiago',
    });
    expect(after.find((place) => place.externalId === 'DEP-1')).toMatchObject({ name: 'Depósito Pudahuel', tags: ['depósito'] });
    // The same file again: nothing differs, nothing is created twice.
    expect((await upload(second).expect(200)).body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    const event = await t.connection.collection('activity_events').findOne({ clientId: tenant.clientId, action: 'place.import' }, { sort: { _id: -1 } });
    expect(event).toMatchObject({ summary: 'Places import: 0 created, 0 updated, 3 unchanged, 4 failed of 7 rows', details: { created: 0, unchanged: 3 } });
  });

  it('takes a BOM, quoted cells and a decimal comma', async () => {
    const owner = await createTenant(t.app);
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv('Name;Lat;Lng;Tags', '"Bodega ""Sur""";-33,5;-70,7;a;')]);
    expect((await upload(file, '', owner.admin.token).expect(200)).body.data).toEqual({ created: 1, updated: 0, unchanged: 0, failed: [] });
    const place = await t.connection.collection('places').findOne({ clientId: owner.clientId });
    expect(place).toMatchObject({ name: 'Bodega "Sur"', location: { coordinates: [-70.7, -33.5] } });
  });

  it('imports GeoJSON points and polygons, KML and KMZ placemarks, reporting the features that are not places by number', async () => {
    const owner = await createTenant(t.app);
    const send = (file: Buffer, name: string) =>
      request(t.server).post('/api/places/import').set('Authorization', `Bearer ${owner.admin.token}`).attach('file', file, name).expect(200);
    const square = [
      [-70.61, -33.41],
      [-70.6, -33.41],
      [-70.6, -33.4],
      [-70.61, -33.4],
      [-70.61, -33.41],
    ];
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-70.65, -33.45] },
          properties: { name: 'Bodega', radiusM: 250, tags: 'cliente;frío', externalId: 'G-1' },
        },
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [square] }, properties: { name: 'Patio', visitMinutes: 10 } },
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [-70.6, -33.4],
              [-70.5, -33.3],
            ],
          },
          properties: { name: 'Ruta' },
        },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-70.6, -33.4] }, properties: {} },
      ],
    };
    expect((await send(Buffer.from(JSON.stringify(geojson)), 'lugares.geojson')).body.data).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: [
        { row: 3, message: 'a place is a Point or a Polygon' },
        { row: 4, message: expect.stringContaining('name') },
      ],
    });
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>Cliente KML</name><description>Portón 2</description><Point><coordinates>-70.7,-33.5</coordinates></Point></Placemark>
    </Document></kml>`;
    expect((await send(Buffer.from(kml), 'lugares.kml')).body.data).toMatchObject({ created: 1, failed: [] });
    const kmz = Buffer.from(zipSync({ 'doc.kml': strToU8(kml.replace('Cliente KML', 'Cliente KMZ')) }));
    expect((await send(kmz, 'lugares.kmz')).body.data).toMatchObject({ created: 1, failed: [] });
    const stored = await t.connection.collection('places').find({ clientId: owner.clientId }).sort({ _id: 1 }).toArray();
    expect(stored.map((place) => [place.name, place.radiusM, place.tags, place.visitMinutes, place.notes])).toEqual([
      ['Bodega', 250, ['cliente', 'frío'], 3, ''],
      ['Patio', 100, [], 10, ''],
      ['Cliente KML', 100, [], 3, 'Portón 2'],
      ['Cliente KMZ', 100, [], 3, 'Portón 2'],
    ]);
    expect(stored[1]).toMatchObject({ area: { type: 'Polygon', coordinates: [square] } });
    expect(stored[1].location.coordinates[0]).toBeCloseTo(-70.605, 9);
    expect(stored[1].location.coordinates[1]).toBeCloseTo(-33.405, 9);
  });

  it.each([
    [
      'an XML entity bomb',
      Buffer.from('<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><kml>&b;</kml>'),
      'lugares.kml',
      'DOCTYPE',
    ],
    ['a truncated KMZ', Buffer.from(zipSync({ 'doc.kml': strToU8('<kml></kml>'.repeat(50)) })).subarray(0, 40), 'lugares.kmz', 'could not be read'],
    ['broken JSON', Buffer.from('{"type": "FeatureCollection", "features": ['), 'lugares.geojson', 'could not be read'],
  ])('refuses %s with a 400 in shape A, writing nothing', async (_name, file, name, message) => {
    const before = await places();
    const res = await request(t.server).post('/api/places/import').set('Authorization', `Bearer ${tenant.admin.token}`).attach('file', file, name).expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining(message) });
    expect(await places()).toEqual(before);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'The file is empty'],
    ['a header alone', csv(HEADER), 'The file has no places'],
    ['a missing required column', csv('name,lat,address', 'A,-33,x'), 'The header lacks the column lng'],
    ['an unknown column', csv('name,lat,lng,colour', 'A,-33,-70,red'), 'Unknown or repeated column "colour"'],
    ['a repeated column', csv('name,lat,lng,lat', 'A,-33,-70,-34'), '"lat" (repeats "lat")'],
    ['garbage bytes', Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256)), 'not a CSV text file'],
    ['a zip file', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]), 'not a CSV text file'],
    ['10 001 rows', csv(HEADER, ...Array.from({ length: 10_001 }, (_, i) => `P${i},-33.4,-70.6,,,,`)), 'at most 10,000 rows; this file has 10001'],
  ])('refuses %s with a 400 in shape A, writing nothing', async (_name, file, message) => {
    const before = await places();
    const res = await upload(file).expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining(message) });
    expect(await places()).toEqual(before);
  });

  it('refuses no file, a bad dryRun and a file over 5 MB (413)', async () => {
    const call = () => request(t.server).post('/api/places/import').set('Authorization', `Bearer ${tenant.admin.token}`);
    expect((await call().send({}).expect(400)).body.error).toMatch(/field "file"/);
    expect((await upload(csv(HEADER, 'A,-33,-70,,,,'), '?dryRun=yes').expect(400)).body.error).toContain('dryRun must be true or false');
    const big = Buffer.concat([csv(HEADER, 'A,-33,-70,,,,'), Buffer.alloc(5 * 1024 * 1024, 'a')]);
    const tooLarge = await upload(big).catch((error: { response?: request.Response }) => error.response!);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: expect.stringContaining('larger than 5 MB') });
  });

  it('fails the rows beyond 100 000 places of the client, and refuses a create past it (409)', async () => {
    const full = await createTenant(t.app);
    const now = new Date();
    const seed = Array.from({ length: 99_999 }, (_, i) => ({
      _id: new Types.ObjectId(),
      clientId: full.clientId,
      name: `P${i}`,
      address: '',
      location: { type: 'Point', coordinates: [-70.6, -33.4] },
      radiusM: 100,
      area: null,
      externalId: null,
      tags: [],
      notes: '',
      visitMinutes: 3,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < seed.length; i += 20_000) await t.connection.collection('places').insertMany(seed.slice(i, i + 20_000));
    const res = await upload(csv(HEADER, 'A,-33.4,-70.6,,,,', 'B,-33.4,-70.6,,,,', 'C,-33.4,-70.6,,,,'), '', full.admin.token).expect(200);
    expect(res.body.data).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      failed: [2, 3].map((row) => ({ row, message: 'Not created: the client would have more than 100 000 places (remove some first)' })),
    });
    const create = await request(t.server)
      .post('/api/places')
      .set('Authorization', `Bearer ${full.admin.token}`)
      .send({ name: 'Una más', location: { type: 'Point', coordinates: [-70.6, -33.4] } })
      .expect(409);
    expect(create.body).toEqual({ error: 'A client has at most 100,000 places: remove some first' });
  }, 120_000);

  it('answers 401 without a credential and 403 without access_places', async () => {
    const file = csv(HEADER, 'A,-33,-70,,,,');
    await request(t.server).post('/api/places/import').attach('file', file, 'a.csv').expect(401);
    const without = await tenant.addUser({ permissions: EVERY_PERMISSION.filter((permission) => permission !== Permission.Places) });
    await upload(file, '', without.token).expect(403);
  });
});
