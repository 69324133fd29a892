import { scopeOfClient } from '@app/database';
import request from 'supertest';
import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ActivityEvent } from '@app/activity';
import { AppConfig } from '@app/config';
import type { Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { createTestApp, TestApp } from '@app/testing';
import { QrCodesService, StoredQrCode } from '../../src/inspections/qr-codes/qr-codes.service';
import { InspectionQrCode } from '../../src/inspections/schemas/inspection-qr-code.schema';
import { InspectionQrScan } from '../../src/inspections/schemas/inspection-qr-scan.schema';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, NO_PERMISSIONS, TestTenant, TestUser } from '../factories/tenant.factory';

const NOT_FOUND = { status: 'failed', code: 'INSPECTION_QR_NOT_FOUND', message: 'QR code not found' };
const REVOKED = { status: 'failed', code: 'INSPECTION_QR_REVOKED', message: 'This QR code was replaced and is no longer valid: scan the new QR of the asset' };
const CODE_SCAN_FORM_KEYS = ['_id', 'assetIds', 'clientId', 'createdAt', 'description', 'fields', 'name', 'status', 'updatedAt'];

describe('GET /api/inspections/scan/{code}', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let operator: TestUser;
  let qrCodes: QrCodesService;
  let scans: Model<InspectionQrScan>;
  let events: Model<ActivityEvent>;
  const assets = {} as Record<'tracked' | 'outOfScope' | 'untracked', Stored<Asset>>;
  const qr = {} as Record<'valid' | 'revoked' | 'outOfScope' | 'foreign', StoredQrCode>;
  const formIds = {} as Record<string, string>;
  const scan = (path: string, token: string) => request(t.server).get(`/api/inspections/scan/${path}`).set('Authorization', `Bearer ${token}`);
  const scanCount = () => scans.countDocuments({ clientId: tenant.clientId });

  beforeAll(async () => {
    t = await createTestApp();
    qrCodes = t.app.get(QrCodesService);
    scans = t.app.get(getModelToken(InspectionQrScan.name));
    events = t.app.get(getModelToken(ActivityEvent.name));
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    const [inScopeTracker, otherTracker] = [await fixtures.tracker(), await fixtures.tracker()];
    operator = await tenant.addUser({ trackerIds: [inScopeTracker._id] });
    const group = await fixtures.group('Refrigerated');
    assets.tracked = await fixtures.asset({
      name: 'Truck 01',
      plate: 'KJHT-42',
      kind: 'truck',
      icon: { id: 'truck', color: '#1e88e5' },
      mainTrackerId: inScopeTracker._id,
      groupIds: [group._id],
    });
    assets.outOfScope = await fixtures.asset({ name: 'Van 03', mainTrackerId: otherTracker._id });
    assets.untracked = await fixtures.asset({ name: 'Trailer 07', plate: '', kind: 'trailer' });
    const forms = {
      byId: { name: 'A by id', assetIds: [assets.tracked._id] },
      byGroup: { name: 'B by group', assetGroupIds: [group._id] },
      allAssets: { name: 'C all assets', allAssets: true },
      inactive: { name: 'D inactive', status: 'inactive' as const, assetIds: [assets.tracked._id] },
      archived: { name: 'E archived', status: 'archived' as const, allAssets: true },
      otherAsset: { name: 'F other asset', assetIds: [assets.outOfScope._id] },
    };
    for (const [key, data] of Object.entries(forms)) formIds[key] = (await fixtures.form(data))._id.toHexString();

    qr.revoked = await qrCodes.issue(scopeOfClient(tenant.clientId), assets.tracked._id);
    qr.valid = (await qrCodes.replace(scopeOfClient(tenant.clientId), qr.revoked))!;
    qr.outOfScope = await qrCodes.issue(scopeOfClient(tenant.clientId), assets.outOfScope._id);
    const other = await createTenant(t.app);
    const foreignAsset = await fleetFixtures(t.app, other.clientId).asset();
    qr.foreign = await qrCodes.issue(scopeOfClient(other.clientId), foreignAsset._id);
  });
  afterAll(() => t.close());

  describe('by QR code', () => {
    it('answers the QR, the asset and the active forms that apply (by id, group, allAssets), in the code-scan subset', async () => {
      const res = await scan(qr.valid.code, tenant.admin.token).expect(200);
      expect(res.body.status).toBe('success');
      expect(res.body.data.qrCode).toEqual({ id: qr.valid._id.toHexString(), code: qr.valid.code });
      expect(res.body.data.asset).toEqual({
        id: assets.tracked._id.toHexString(),
        name: 'Truck 01',
        plate: 'KJHT-42',
        kind: 'truck',
        icon: { id: 'truck', color: '#1e88e5' },
      });
      expect(res.body.data.forms.map((f: { _id: string }) => f._id)).toEqual([formIds.byId, formIds.byGroup, formIds.allAssets]);
      for (const form of res.body.data.forms) expect(Object.keys(form).sort()).toEqual(CODE_SCAN_FORM_KEYS);
      expect(res.body.data.forms[0]).toMatchObject({
        clientId: tenant.clientId.toHexString(),
        name: 'A by id',
        description: '',
        status: 'active',
        fields: [{ fieldId: 'notes', type: 'text', label: 'Notes', required: false }],
        assetIds: [assets.tracked._id.toHexString()],
      });
    });

    it.each([
      ['lower case', (code: string) => code.toLowerCase()],
      ['a hyphen', (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`],
      ['lower case and a hyphen', (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase()],
    ])('accepts the code in %s', async (_, variant) => {
      const res = await scan(variant(qr.valid.code), tenant.admin.token).expect(200);
      expect(res.body.data.qrCode.code).toBe(qr.valid.code);
    });

    it('reads I and L as 1 and O as 0', async () => {
      const codes = t.app.get<Model<InspectionQrCode>>(getModelToken(InspectionQrCode.name));
      const lookalike = await codes.create({ clientId: tenant.clientId, assetId: assets.tracked._id, code: '1010Z0Z1' });
      const res = await scan('iOlo-zozL', tenant.admin.token).expect(200);
      expect(res.body.data.qrCode).toEqual({ id: lookalike._id.toHexString(), code: '1010Z0Z1' });
    });

    it('records the scan in the QR history and as an activity event', async () => {
      const before = await scanCount();
      const res = await scan(qr.valid.code, operator.token).expect(200);
      expect(await scanCount()).toBe(before + 1);
      const [latest] = await t.connection.collection('inspection_qr_scans').find({ qrCodeId: qr.valid._id }).sort({ scannedAt: -1 }).limit(1).toArray();
      expect(latest).toMatchObject({
        userId: operator.user._id,
        assetId: assets.tracked._id,
        clientId: tenant.clientId,
        requestId: res.headers['x-request-id'],
      });
      expect(Date.now() - latest.scannedAt.getTime()).toBeLessThan(10_000);
      const event = await events.findOne({ clientId: tenant.clientId, action: 'inspection_qr.scan', requestId: res.headers['x-request-id'] }).lean();
      expect(event).toMatchObject({
        actor: { userId: operator.user._id },
        resourceType: 'inspection_qr_code',
        resourceId: qr.valid._id.toHexString(),
        summary: `QR ${qr.valid.code} of Truck 01 scanned`,
      });
    });

    it('records every one of many concurrent scans (written in group commits)', async () => {
      const before = await scanCount();
      const results = await Promise.all(Array.from({ length: 25 }, () => scan(qr.valid.code, tenant.admin.token)));
      expect(results.map((res) => res.status)).toEqual(Array(25).fill(200));
      expect(await scanCount()).toBe(before + 25);
      const requestIds = new Set(results.map((res) => res.headers['x-request-id']));
      const recorded = await scans.find({ qrCodeId: qr.valid._id, requestId: { $in: [...requestIds] } }).lean();
      expect(new Set(recorded.map((entry) => entry.requestId))).toEqual(requestIds);
    });

    it('410 INSPECTION_QR_REVOKED (shape E) for a replaced QR, which keeps the link to its successor', async () => {
      expect((await scan(qr.revoked.code, tenant.admin.token).expect(410)).body).toEqual(REVOKED);
      const stored = await t.app.get<Model<InspectionQrCode>>(getModelToken(InspectionQrCode.name)).findById(qr.revoked._id).lean();
      expect(stored).toMatchObject({ status: 'revoked', replacedBy: qr.valid._id, revokedAt: expect.any(Date) });
    });

    it('404 INSPECTION_QR_NOT_FOUND (shape E) for an unknown code', async () => {
      const unknown = qr.valid.code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
      expect((await scan(unknown, tenant.admin.token).expect(404)).body).toEqual(NOT_FOUND);
    });

    it('404 for another client’s code, exactly as unknown', async () => {
      expect((await scan(qr.foreign.code, tenant.admin.token).expect(404)).body).toEqual(NOT_FOUND);
    });

    it('404 for a code whose asset is outside the user’s trackers, even revoked; in scope for the admin', async () => {
      expect((await scan(qr.outOfScope.code, operator.token).expect(404)).body).toEqual(NOT_FOUND);
      await scan(qr.outOfScope.code, tenant.admin.token).expect(200);
      const other = await createTenant(t.app);
      const foreignRevoked = await qrCodes.issue(scopeOfClient(other.clientId), assets.tracked._id);
      await qrCodes.replace(scopeOfClient(other.clientId), foreignRevoked);
      expect((await scan(foreignRevoked.code, tenant.admin.token).expect(404)).body).toEqual(NOT_FOUND);
    });

    it('records nothing for a refused scan', async () => {
      const before = await scanCount();
      await scan(qr.revoked.code, tenant.admin.token).expect(410);
      await scan(qr.outOfScope.code, operator.token).expect(404);
      expect(await scanCount()).toBe(before);
    });
  });

  describe('by asset id', () => {
    it('answers the asset and its active forms in the full shape, without a QR', async () => {
      const res = await scan(assets.tracked._id.toHexString(), tenant.admin.token).expect(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['asset', 'forms']);
      expect(res.body.data.asset.id).toBe(assets.tracked._id.toHexString());
      expect(res.body.data.forms.map((f: { _id: string }) => f._id)).toEqual([formIds.byId, formIds.byGroup, formIds.allAssets]);
      expect(res.body.data.forms[1]).toMatchObject({ version: 1, allAssets: false, assetGroupIds: [expect.stringMatching(/^[0-9a-f]{24}$/)], assetIds: [] });
      expect(Object.keys(res.body.data.forms[0]).sort()).toEqual([...CODE_SCAN_FORM_KEYS, 'allAssets', 'assetGroupIds', 'version'].sort());
    });

    it('accepts the id in upper case', async () => {
      await scan(assets.tracked._id.toHexString().toUpperCase(), tenant.admin.token).expect(200);
    });

    it('gives an asset only the allAssets forms when no other form names it', async () => {
      const res = await scan(assets.untracked._id.toHexString(), tenant.admin.token).expect(200);
      expect(res.body.data.asset).toEqual({
        id: assets.untracked._id.toHexString(),
        name: 'Trailer 07',
        plate: '',
        kind: 'trailer',
        icon: { id: 'truck', color: '#1e88e5' },
      });
      expect(res.body.data.forms.map((f: { _id: string }) => f._id)).toEqual([formIds.allAssets]);
    });

    it('404 shape A for an asset outside the user’s trackers, untracked under a limited scope, foreign or unknown', async () => {
      const other = await createTenant(t.app);
      const foreign = await fleetFixtures(t.app, other.clientId).asset();
      for (const [id, token] of [
        [assets.outOfScope._id, operator.token],
        [assets.untracked._id, operator.token],
        [foreign._id, tenant.admin.token],
        [new Types.ObjectId(), tenant.admin.token],
      ] as const) {
        expect((await scan(id.toHexString(), token).expect(404)).body).toEqual({ error: 'Asset not found' });
      }
    });

    it('records no QR scan', async () => {
      const before = await scanCount();
      await scan(assets.tracked._id.toHexString(), tenant.admin.token).expect(200);
      expect(await scanCount()).toBe(before);
    });
  });

  it.each([
    'ABC',
    '7K3M9QXDA',
    'UUUUUUUU',
    '7K3-M9QXD',
    'zzzzzzzzzzzzzzzzzzzzzzzz',
    '64b7f0c2a1b2c3d4e5f6071',
    '7K3M%209QX',
    '%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC%E2%82%AC',
    'x'.repeat(300),
  ])('400 INSPECTION_QR_INVALID (shape E) for the malformed path %s', async (path) => {
    const res = await scan(path, tenant.admin.token).expect(400);
    expect(res.body).toEqual({ status: 'failed', code: 'INSPECTION_QR_INVALID', message: expect.stringContaining('neither an 8-character QR code') });
  });

  it('401 without a token and with an invalid one, for both kinds of path', async () => {
    for (const path of [qr.valid.code, assets.tracked._id.toHexString()]) {
      expect((await request(t.server).get(`/api/inspections/scan/${path}`).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
      await scan(path, 'atk_not-a-valid-token').expect(401);
    }
  });

  it('403 without access_inspections, for both kinds of path', async () => {
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    for (const path of [qr.valid.code, assets.tracked._id.toHexString(), 'not-a-code']) {
      expect((await scan(path, viewer.token).expect(403)).body).toEqual({ error: 'You do not have permission to perform this action' });
    }
  });

  const afterReadCache = () => new Promise((resolve) => setTimeout(resolve, t.app.get(AppConfig).readCacheTtlMs + 100));

  it('shows a QR revoked by another process (the command line elsewhere) within the read cache time', async () => {
    const other = await createTenant(t.app);
    const issued = await qrCodes.issue(scopeOfClient(other.clientId), (await fleetFixtures(t.app, other.clientId).asset())._id);
    await scan(issued.code, other.admin.token).expect(200);
    // Written as another process would: this process's QrCodesService does not see it.
    await t.connection.collection('inspection_qr_codes').updateOne({ _id: issued._id }, { $set: { status: 'revoked', revokedAt: new Date() } });
    await afterReadCache();
    expect((await scan(issued.code, other.admin.token).expect(410)).body).toEqual(REVOKED);
  });

  it("shows an asset moved out of the caller's tracker scope by another process within the read cache time", async () => {
    const asset = await fleetFixtures(t.app, tenant.clientId).asset({ name: 'Truck 09', mainTrackerId: assets.tracked.mainTrackerId });
    const path = asset._id.toHexString();
    await scan(path, operator.token).expect(200);
    await t.connection.collection('assets').updateOne({ _id: asset._id }, { $set: { mainTrackerId: assets.outOfScope.mainTrackerId } });
    await afterReadCache();
    await scan(path, operator.token).expect(404);
  });

  it('shows a newly active form within the read cache time', async () => {
    const other = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, other.clientId);
    const asset = await fixtures.asset();
    const code = (await qrCodes.issue(scopeOfClient(other.clientId), asset._id)).code;
    const formIds = async () => (await scan(code, other.admin.token).expect(200)).body.data.forms.map((f: { _id: string }) => f._id);
    expect(await formIds()).toEqual([]);
    const form = await fixtures.form({ allAssets: true });
    await afterReadCache();
    expect(await formIds()).toEqual([form._id.toHexString()]);
  });

  it('accepts the session cookie', async () => {
    await request(t.server).get(`/api/inspections/scan/${qr.valid.code}`).set('Cookie', `fleet_session=${tenant.admin.token}`).expect(200);
  });
});
