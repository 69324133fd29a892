import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { issueQrCodeCommand, replaceQrCodeCommand } from '../../src/cli/commands/qr-code.commands';
import { fleetFixtures } from '../factories/inspections.factory';
import { createTenant, TestTenant } from '../factories/tenant.factory';

interface Issued {
  id: string;
  code: string;
  printed: string;
  assetId: string;
  clientId: string;
  status: string;
}

describe('command line: issue-qr-code and replace-qr-code', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let assetId: string;
  const scan = (code: string) => request(t.server).get(`/api/inspections/scan/${code}`).set('Authorization', `Bearer ${tenant.admin.token}`);

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    assetId = (await fleetFixtures(t.app, tenant.clientId).asset())._id.toHexString();
  });
  afterAll(() => t.close());

  it('issues a code that scans to the asset, then replaces it: the old one is 410, the new one 200', async () => {
    const issued = (await issueQrCodeCommand.run(t.app, { 'asset-id': assetId })) as Issued;
    expect(issued).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
      printed: `${issued.code.slice(0, 4)}-${issued.code.slice(4)}`,
      assetId,
      clientId: tenant.clientId.toHexString(),
      status: 'valid',
    });
    expect((await scan(issued.printed).expect(200)).body.data.asset.id).toBe(assetId);

    const replaced = (await replaceQrCodeCommand.run(t.app, { code: issued.printed.toLowerCase() })) as { revoked: Issued; issued: Issued };
    expect(replaced.revoked).toMatchObject({ id: issued.id, status: 'revoked' });
    expect(replaced.issued).toMatchObject({ assetId, status: 'valid' });
    expect(replaced.issued.code).not.toBe(issued.code);
    await scan(issued.code).expect(410);
    await scan(replaced.issued.code).expect(200);
    await expect(replaceQrCodeCommand.run(t.app, { code: issued.code })).rejects.toThrow(`QR code ${issued.code} was already replaced`);
  });

  it('gives an archived asset no new code, by issue or by replacement, as for an unknown one', async () => {
    const archived = (await fleetFixtures(t.app, tenant.clientId).asset())._id.toHexString();
    const issued = (await issueQrCodeCommand.run(t.app, { 'asset-id': archived })) as Issued;
    await request(t.server).delete(`/api/assets/${archived}`).set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
    await expect(issueQrCodeCommand.run(t.app, { 'asset-id': archived })).rejects.toThrow(`No asset ${archived}`);
    await expect(replaceQrCodeCommand.run(t.app, { code: issued.code })).rejects.toThrow(`No QR code ${issued.code}`);
    expect(
      await t.connection
        .collection('inspection_qr_codes')
        .find({ assetId: new Types.ObjectId(archived) })
        .toArray(),
    ).toEqual([expect.objectContaining({ code: issued.code, status: 'valid' })]);
  });

  it('refuses bad input', async () => {
    await expect(issueQrCodeCommand.run(t.app, {})).rejects.toThrow('--asset-id is required');
    await expect(issueQrCodeCommand.run(t.app, { 'asset-id': 'truck' })).rejects.toThrow('24-character');
    await expect(issueQrCodeCommand.run(t.app, { 'asset-id': new Types.ObjectId().toHexString() })).rejects.toThrow('No asset');
    await expect(replaceQrCodeCommand.run(t.app, { code: 'not-a-code' })).rejects.toThrow('8-character QR code');
    await expect(replaceQrCodeCommand.run(t.app, { code: 'ZZZZ-ZZZZ' })).rejects.toThrow('No QR code ZZZZZZZZ');
  });
});
