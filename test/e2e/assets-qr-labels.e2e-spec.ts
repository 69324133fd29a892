import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import request from 'supertest';
import { getModelToken } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ActivityEvent } from '@app/activity';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';
import { fleetFixtures } from '../factories/inspections.factory';
import { binaryBody } from '../support/report-files';
import { addAsset, storeMessages, T0 } from './positions-fixtures';

const APP_URL = 'https://app.fleet.example';
const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'labels-')), 'labels.pdf');
  writeFileSync(file, pdf);
  return { file, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
};

describe('asset QR codes and printable labels', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let limited: TestUser;
  let noPermission: TestUser;
  let events: Model<ActivityEvent>;
  let assetId: string;
  let outOfScopeId: string;
  const as = (token: string) => ({
    get: (path: string) => request(t.server).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body?: object) => request(t.server).post(path).set('Authorization', `Bearer ${token}`).send(body),
    delete: (path: string) => request(t.server).delete(path).set('Authorization', `Bearer ${token}`),
  });
  const admin = () => as(tenant.admin.token);
  const file = (path: string, token = tenant.admin.token) => request(t.server).get(path).set('Authorization', `Bearer ${token}`).buffer(true).parse(binaryBody);

  beforeAll(async () => {
    process.env.APP_URL = `${APP_URL}/`;
    t = await createTestApp();
    events = t.app.get(getModelToken(ActivityEvent.name));
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const [inScope, other] = [await fixtures.tracker(), await fixtures.tracker()];
    limited = await tenant.addUser({ trackerIds: [inScope._id] });
    noPermission = await tenant.addUser({ permissions: NO_PERMISSIONS });
    assetId = (await fixtures.asset({ name: 'Camión refrigerado 01', plate: 'KJHT-42', mainTrackerId: inScope._id }))._id.toHexString();
    outOfScopeId = (await fixtures.asset({ name: 'Furgón 03', plate: 'LPRW-18', mainTrackerId: other._id }))._id.toHexString();
  }, 60_000);
  afterAll(async () => {
    delete process.env.APP_URL;
    await t.close();
  });

  it('issues codes (201); a new one revokes the previous, whose next scan answers 410 at once', async () => {
    const first = (await admin().post(`/api/assets/${assetId}/qr-codes`).expect(201)).body.data;
    expect(first).toMatchObject({
      code: expect.stringMatching(/^[0-9A-Z]{8}$/),
      status: 'valid',
      revokedAt: null,
      replacedBy: null,
      scanCount: 0,
      lastScannedAt: null,
    });
    expect(first.printedCode).toBe(`${first.code.slice(0, 4)}-${first.code.slice(4)}`);
    await admin().get(`/api/inspections/scan/${first.code}`).expect(200);
    await admin().get(`/api/inspections/scan/${first.code}`).expect(200);
    const second = (await admin().post(`/api/assets/${assetId}/qr-codes`).expect(201)).body.data;
    expect((await admin().get(`/api/inspections/scan/${first.code}`).expect(410)).body.code).toBe('INSPECTION_QR_REVOKED');
    await admin().get(`/api/inspections/scan/${second.code}`).expect(200);

    const list = (await admin().get(`/api/assets/${assetId}/qr-codes`).expect(200)).body;
    expect(list.page).toEqual({ nextCursor: null });
    expect(list.data.map((qr: { code: string }) => qr.code)).toEqual([second.code, first.code]);
    expect(list.data[0]).toMatchObject({ status: 'valid', scanCount: 1, replacedBy: null, lastScannedAt: expect.any(String) });
    expect(list.data[1]).toMatchObject({ status: 'revoked', scanCount: 2, replacedBy: second.code, revokedAt: expect.any(String) });
    expect(await events.countDocuments({ action: 'inspection_qr.issue', clientId: tenant.clientId })).toBe(2);
  });

  it('renders the label as PNG whose QR decodes to {APP_URL}/qr/i/{code}, as SVG and as PDF with the code, name and plate', async () => {
    const [qr] = (await admin().get(`/api/assets/${assetId}/qr-codes?limit=1`)).body.data;
    const base = `/api/assets/${assetId}/qr-codes/${qr.code.toLowerCase()}/label`;

    const png = await file(base).expect(200).expect('Content-Type', 'image/png');
    const image = PNG.sync.read(png.body as Buffer);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(`${APP_URL}/qr/i/${qr.code}`);

    const svg = await file(`${base}?format=svg`)
      .expect(200)
      .expect('Content-Type', /image\/svg\+xml/);
    const svgText = (svg.body as Buffer).toString('utf8');
    expect(svgText).toContain(qr.printedCode);
    expect(svgText).toContain('Camión refrigerado 01');
    expect(svgText).toContain('KJHT-42');

    const pdf = await file(`${base}?format=pdf`).expect(200).expect('Content-Type', 'application/pdf');
    const { text } = pdfText(pdf.body as Buffer);
    for (const expected of [qr.printedCode, 'Camión refrigerado 01', 'KJHT-42']) expect(text).toContain(expected);
  }, 60_000);

  it("refuses a revoked code (409), another asset's or unknown code (404), and a bad format (400)", async () => {
    const codes = (await admin().get(`/api/assets/${assetId}/qr-codes`)).body.data;
    await admin().get(`/api/assets/${assetId}/qr-codes/${codes[1].code}/label`).expect(409);
    await admin().get(`/api/assets/${assetId}/qr-codes/ZZZZZZZZ/label`).expect(404);
    await admin().get(`/api/assets/${assetId}/qr-codes/not-a-code/label`).expect(404);
    const foreign = (await admin().post(`/api/assets/${outOfScopeId}/qr-codes`).expect(201)).body.data.code;
    await admin().get(`/api/assets/${assetId}/qr-codes/${foreign}/label`).expect(404);
    await admin().get(`/api/assets/${assetId}/qr-codes/${codes[0].code}/label?format=gif`).expect(400);
    await admin().get(`/api/assets/${assetId}/qr-codes/${codes[0].code}/label?size=9`).expect(400);
  });

  it('prints an A4 sheet for several assets, issuing a code for an asset without one', async () => {
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const fresh = (await fixtures.asset({ name: 'Rampla 07', plate: 'JX-4521' }))._id.toHexString();
    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => fixtures.asset({ name: `Camión ${i + 20}`, plate: `ZZ-${1000 + i}` })));
    const res = await request(t.server)
      .post('/api/assets/qr-labels')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .send({ assetIds: [assetId, fresh, assetId, ...many.map((a) => a._id.toHexString())] })
      .buffer(true)
      .parse(binaryBody)
      .expect(200)
      .expect('Content-Type', 'application/pdf');
    expect(res.headers['content-disposition']).toContain('etiquetas-qr.pdf');
    const { file: pdfFile, text } = pdfText(res.body as Buffer);
    const freshCodes = (await admin().get(`/api/assets/${fresh}/qr-codes`)).body.data;
    expect(freshCodes).toHaveLength(1);
    const current = (await admin().get(`/api/assets/${assetId}/qr-codes?limit=1`)).body.data[0];
    for (const expected of [current.printedCode, freshCodes[0].printedCode, 'KJHT-42', 'JX-4521', 'ZZ-1011']) expect(text).toContain(expected);
    expect(text.split(current.printedCode)).toHaveLength(2); // a repeated id prints once
    expect(execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' })).toMatch(/Pages:\s+2/);
    expect(await events.findOne({ action: 'asset.qr_label_sheet', clientId: tenant.clientId })).toBeTruthy();
  }, 60_000);

  it('refuses sheets with bad input (400): none, over 200, unknown, foreign or out-of-scope assets', async () => {
    const other = await createTenant(t.app);
    const foreign = (await fleetFixtures(t.app, other.clientId).asset())._id.toHexString();
    for (const body of [
      {},
      { assetIds: [] },
      { assetIds: Array.from({ length: 201 }, () => assetId) },
      { assetIds: ['x'] },
      { assetIds: [foreign] },
      { assetIds: [assetId], extra: 1 },
    ]) {
      await admin().post('/api/assets/qr-labels', body).expect(400);
    }
    await as(limited.token)
      .post('/api/assets/qr-labels', { assetIds: [outOfScopeId] })
      .expect(400);
  });

  it('applies client and tracker scope (404) and needs access_assets (403) and a credential (401)', async () => {
    const other = await createTenant(t.app);
    for (const user of [as(other.admin.token), as(limited.token)]) {
      await user.post(`/api/assets/${outOfScopeId}/qr-codes`).expect(404);
      await user.get(`/api/assets/${outOfScopeId}/qr-codes`).expect(404);
    }
    const code = (await admin().get(`/api/assets/${outOfScopeId}/qr-codes`)).body.data[0].code;
    await as(limited.token).get(`/api/assets/${outOfScopeId}/qr-codes/${code}/label`).expect(404);
    await as(noPermission.token).post(`/api/assets/${assetId}/qr-codes`).expect(403);
    await as(noPermission.token).get(`/api/assets/${assetId}/qr-codes`).expect(403);
    await as(noPermission.token)
      .post('/api/assets/qr-labels', { assetIds: [assetId] })
      .expect(403);
    await request(t.server).post(`/api/assets/${assetId}/qr-codes`).expect(401);
    await request(t.server).get(`/api/assets/${assetId}/qr-codes/${code}/label`).expect(401);
  });

  it('archived assets: not scannable (404 by code and by id), not in statistics, history kept, no new codes (409)', async () => {
    const tracked = await addAsset(t, tenant.clientId, { name: 'Reefer 9', plate: 'RF-0009' });
    await storeMessages(t, tracked.trackerId, [
      { timestamp: T0, 'position.latitude': 0, 'position.longitude': 1, 'position.speed': 10, 'temperature.1': 4 },
      { timestamp: T0 + 60, 'position.latitude': 0, 'position.longitude': 1.01, 'position.speed': 20, 'temperature.1': 5 },
    ]);
    const code = (await admin().post(`/api/assets/${tracked.assetId}/qr-codes`).expect(201)).body.data.code;
    const day = { from: '15/01/2026', to: '15/01/2026' };
    const stats = () =>
      admin()
        .post('/api/positions/stats', { assetIds: [tracked.assetId], ...day })
        .expect(200);
    const temperatures = () =>
      request(t.server)
        .post(`/api/reports/temperature/stats?from=${day.from}&to=${day.to}`)
        .set('Authorization', `Bearer ${tenant.admin.token}`)
        .send({ assetIds: [tracked.assetId] })
        .expect(200);
    expect((await stats()).body.data.assetsPositionsStats).toHaveLength(1);
    expect((await temperatures()).body.data.assetsTemperatureStats).toHaveLength(1);
    await admin().get(`/api/inspections/scan/${code}`).expect(200);

    await admin().delete(`/api/assets/${tracked.assetId}`).expect(200);
    expect((await admin().get(`/api/inspections/scan/${code}`).expect(404)).body.code).toBe('INSPECTION_QR_NOT_FOUND');
    await admin().get(`/api/inspections/scan/${tracked.assetId}`).expect(404);
    expect((await stats()).body.data.assetsPositionsStats).toEqual([]);
    expect((await temperatures()).body.data.assetsTemperatureStats).toEqual([]);
    expect((await admin().get(`/api/assets/${tracked.assetId}/qr-codes`).expect(200)).body.data[0]).toMatchObject({ code, scanCount: 1 });
    await admin().post(`/api/assets/${tracked.assetId}/qr-codes`).expect(409);
  });
});
