import request from 'supertest';
import { Types } from 'mongoose';
import { Permission } from '@app/auth';
import type { Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { FieldType } from '../../src/forms/form-field-types';
import { UploadSweeperService, UPLOAD_RETENTION_MS } from '../../src/uploads';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';

// Smallest headers of each accepted type (the content is all the detection reads).
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 2)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(20)]);

describe('uploads: photos and documents for file answers', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let inspector: TestUser;
  let asset: Stored<Asset>;
  let formId: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const upload = (token: string, content: Buffer, name = 'photo.jpg') => request(t.server).post('/api/uploads').set(auth(token)).attach('file', content, name);
  const submit = (photos: unknown, extra: unknown[] = []) =>
    request(t.server)
      .post('/api/inspections')
      .set(auth(inspector.token))
      .send({ assetId: asset._id.toHexString(), formId, answers: [{ fieldId: 'km', value: 10 }, { fieldId: 'photos', value: photos }, ...extra] });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    asset = await fixtures.asset({ name: 'Truck 01', mainTrackerId: (await fixtures.tracker())._id });
    formId = (
      await fixtures.form({
        name: 'With photos',
        assetIds: [asset._id],
        fields: [
          { fieldId: 'km', type: FieldType.Number, label: 'Odometer', required: true, min: 0 },
          { fieldId: 'photos', type: FieldType.File, label: 'Photos', required: false, maxFiles: 2, allowedExtensions: ['jpg', 'png'] },
        ],
      })
    )._id.toHexString();
    inspector = await tenant.addUser({ permissions: [Permission.Inspections] });
  });
  afterAll(() => t.close());

  it('stores each accepted type (detected by content) and streams it back to the same client', async () => {
    for (const [content, name, type] of [
      [JPEG, 'a photo "1".JPG', 'image/jpeg'],
      [PNG, 'b.png', 'image/png'],
      [PDF, 'report.pdf', 'application/pdf'],
      [WEBP, 'c.webp', 'image/webp'],
      [HEIC, 'd.heic', 'image/heic'],
    ] as const) {
      const res = await upload(inspector.token, content, name).expect(201);
      expect(res.body.data).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), filename: expect.any(String), contentType: type, size: content.length });
      const read = await request(t.server)
        .get(`/api/uploads/${res.body.data.id}`)
        .set(auth(inspector.token))
        .buffer(true)
        .parse((r, done) => {
          const parts: Buffer[] = [];
          r.on('data', (part: Buffer) => parts.push(part)).on('end', () => done(null, Buffer.concat(parts)));
        })
        .expect(200);
      expect(read.headers['content-type']).toContain(type);
      expect(read.headers['x-content-type-options']).toBe('nosniff');
      expect(read.headers['content-disposition']).toMatch(/^attachment; filename="[^"\\/]+"$/);
      expect(Buffer.compare(read.body as Buffer, content)).toBe(0);
    }
    const named = await upload(inspector.token, JPEG, '../../etc/"evil".jpg').expect(201);
    expect(named.body.data.filename).toBe('evil.jpg');
  });

  it("another client's upload and unknown or malformed ids are 404; 401 and 403", async () => {
    const mine = (await upload(inspector.token, JPEG).expect(201)).body.data.id;
    const foreign = await request(t.server).get(`/api/uploads/${mine}`).set(auth(other.admin.token)).expect(404);
    const unknown = await request(t.server).get('/api/uploads/aaaaaaaaaaaaaaaaaaaaaaaa').set(auth(other.admin.token)).expect(404);
    expect(foreign.body).toEqual(unknown.body);
    await request(t.server).get('/api/uploads/nope').set(auth(inspector.token)).expect(404);
    await request(t.server).post('/api/uploads').attach('file', JPEG, 'a.jpg').expect(401);
    await request(t.server).post('/api/uploads').set(auth('bad-token')).attach('file', JPEG, 'a.jpg').expect(401);
    await request(t.server).get(`/api/uploads/${mine}`).expect(401);
    const none = await tenant.addUser({ permissions: NO_PERMISSIONS });
    await upload(none.token, JPEG).expect(403);
    await request(t.server).get(`/api/uploads/${mine}`).set(auth(none.token)).expect(403);
  });

  it('refuses other types (415), empty or missing files and several files (400), oversized files (413): nothing stored', async () => {
    const before = await t.connection.collection('uploads').countDocuments({ clientId: tenant.clientId });
    const exe = await upload(inspector.token, Buffer.from('MZ\x90\x00 this is not a photo'), 'photo.jpg').expect(415);
    expect(exe.body).toEqual({ error: expect.stringMatching(/not one of image\/jpeg/) });
    await upload(inspector.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg').expect(415);
    expect((await upload(inspector.token, Buffer.alloc(0), 'empty.jpg').expect(400)).body.error).toMatch(/field "file"/);
    await request(t.server).post('/api/uploads').set(auth(inspector.token)).send({ file: 'x' }).expect(400);
    const two = await request(t.server).post('/api/uploads').set(auth(inspector.token)).attach('file', JPEG, 'a.jpg').attach('file', JPEG, 'b.jpg').expect(400);
    expect(two.body.error).toMatch(/could not be read/);
    await request(t.server).post('/api/uploads').set(auth(inspector.token)).attach('photo', JPEG, 'a.jpg').expect(400);
    const big = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024, 1)]);
    const tooLarge = await upload(inspector.token, big).catch((error: { response?: request.Response }) => error.response!);
    expect([tooLarge.status, tooLarge.body]).toEqual([413, { error: 'The file is larger than 10 MB' }]);
    expect(await t.connection.collection('uploads').countDocuments({ clientId: tenant.clientId })).toBe(before);
  });

  it('a file answer names uploads of the client, of an allowed type, at most maxFiles; they are then referenced', async () => {
    const jpeg = (await upload(inspector.token, JPEG).expect(201)).body.data.id;
    const png = (await upload(inspector.token, PNG, 'b.png').expect(201)).body.data.id;
    const pdf = (await upload(inspector.token, PDF, 'report.pdf').expect(201)).body.data.id;
    const foreign = (await upload(other.admin.token, JPEG).expect(201)).body.data.id;
    const inspections = () => t.connection.collection('inspections').countDocuments({ clientId: tenant.clientId });
    const before = await inspections();

    expect((await submit([jpeg, foreign]).expect(400)).body.error).toContain(`answers.1.value: "Photos" names no upload ${foreign} among your uploads`);
    expect((await submit(['aaaaaaaaaaaaaaaaaaaaaaaa']).expect(400)).body.error).toContain('names no upload aaaaaaaaaaaaaaaaaaaaaaaa');
    expect((await submit([pdf]).expect(400)).body.error).toContain('"Photos" accepts only jpg, png files, not report.pdf (application/pdf)');
    expect((await submit([jpeg, png, pdf]).expect(400)).body.error).toContain('"Photos" allows at most 2 files');
    expect(await inspections()).toBe(before);
    const referenced = () =>
      t.connection.collection('uploads').countDocuments({ _id: { $in: [jpeg, png].map((id) => new Types.ObjectId(id)) }, referencedAt: { $ne: null } });
    expect(await referenced()).toBe(0);

    const res = await submit([jpeg, png.toUpperCase()]).expect(201);
    expect(res.body.data.answers[1]).toMatchObject({ fieldId: 'photos', value: [jpeg, png.toUpperCase()] });
    expect(await referenced()).toBe(2);
  });

  it('a work order form with a foreign upload is 400', async () => {
    const workshop = await tenant.addUser({ permissions: [Permission.Maintenance, Permission.Inspections] });
    const order = await request(t.server)
      .post('/api/maintenance/work-orders')
      .set(auth(workshop.token))
      .send({ assetId: asset._id.toHexString(), category: 'preventive', title: 'Check' })
      .expect(201);
    const foreign = (await upload(other.admin.token, JPEG).expect(201)).body.data.id;
    const mine = (await upload(workshop.token, JPEG).expect(201)).body.data.id;
    const add = (photos: string[]) =>
      request(t.server)
        .post(`/api/maintenance/work-orders/${order.body.data.id}/forms`)
        .set(auth(workshop.token))
        .send({
          formId,
          answers: [
            { fieldId: 'km', value: 1 },
            { fieldId: 'photos', value: photos },
          ],
        });
    expect((await add([foreign]).expect(400)).body.error).toContain('names no upload');
    await add([mine]).expect(201);
    const record = await t.connection.collection('uploads').findOne({ clientId: tenant.clientId, filename: 'photo.jpg', uploaderId: workshop.user._id });
    expect(record?.referencedAt).toBeInstanceOf(Date);
  });

  it('the sweep removes uploads not referenced within 24 h, and keeps referenced and recent ones', async () => {
    const sweeper = t.app.get(UploadSweeperService);
    const kept = (await upload(inspector.token, JPEG).expect(201)).body.data.id;
    const dropped = (await upload(inspector.token, PNG, 'drop.png').expect(201)).body.data.id;
    await submit([kept]).expect(201);
    const now = new Date();
    // Within 24 h nothing goes.
    await sweeper.sweep(new Date(now.getTime() + UPLOAD_RETENTION_MS - 60_000));
    await request(t.server).get(`/api/uploads/${dropped}`).set(auth(inspector.token)).expect(200);
    expect(await sweeper.sweep(new Date(now.getTime() + UPLOAD_RETENTION_MS + 60_000))).toBeGreaterThanOrEqual(1);
    await request(t.server).get(`/api/uploads/${dropped}`).set(auth(inspector.token)).expect(404);
    await request(t.server).get(`/api/uploads/${kept}`).set(auth(inspector.token)).expect(200);
    expect(await t.connection.collection('uploads.files').countDocuments({ _id: new Types.ObjectId(dropped) })).toBe(0);
    expect(await t.connection.collection('uploads.chunks').countDocuments({ files_id: new Types.ObjectId(dropped) })).toBe(0);
  });
});
