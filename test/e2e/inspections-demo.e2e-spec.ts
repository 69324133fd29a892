import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';
import { FormsDemoSeeder } from '../../src/seed/seeders/forms.seeder';
import { InspectionsDemoSeeder } from '../../src/seed/seeders/inspections.seeder';
import { MaintenanceDemoSeeder } from '../../src/seed/seeders/maintenance.seeder';
import { DemoClientManifest } from '../../src/seed/demo-manifest';
import { IdentityFleetSeeder } from '../../src/seed/seeders/identity-fleet.seeder';

interface InspectionKeys {
  qrCodes: { valid: string; revoked: string; outOfScope: string };
  forms: { active: string; inactive: string; archived: string };
  workOrder: string;
}

/**
 * The demo manifest's inspection, form and maintenance keys (DESIGN.md) hold what they promise.
 * Runs the identity seeder and this domain's seeders in their order, not the other domains'.
 */
describe('demo data: QR codes, forms and work order', () => {
  let t: TestApp;
  let manifest: { clients: Record<'acme' | 'globex', DemoClientManifest> };
  let acme: DemoClientManifest & InspectionKeys;
  const get = (path: string, token: string) => request(t.server).get(path).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    t = await createTestApp();
    const contexts = [await t.app.get(IdentityFleetSeeder).seedClient('acme'), await t.app.get(IdentityFleetSeeder).seedClient('globex')];
    for (const seeder of [FormsDemoSeeder, InspectionsDemoSeeder, MaintenanceDemoSeeder]) {
      for (const context of contexts) await t.app.get(seeder).seed(context);
    }
    manifest = { clients: { acme: contexts[0].manifest, globex: contexts[1].manifest } };
    acme = manifest.clients.acme as DemoClientManifest & InspectionKeys;
  }, 60_000);
  afterAll(() => t.close());

  it('completes qrCodes, forms and workOrder for both clients', () => {
    for (const client of Object.values(manifest.clients) as Array<DemoClientManifest & InspectionKeys>) {
      expect(client.qrCodes).toEqual({
        valid: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
        revoked: expect.stringMatching(/^[0-9A-Z]{8}$/),
        outOfScope: expect.stringMatching(/^[0-9A-Z]{8}$/),
      });
      expect(client.forms).toEqual({
        active: expect.stringMatching(/^[0-9a-f]{24}$/),
        inactive: expect.stringMatching(/^[0-9a-f]{24}$/),
        archived: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      expect(client.workOrder).toMatch(/^[0-9a-f]{24}$/);
    }
  });

  it('valid resolves to assets.tracked with forms.active; revoked is 410; outOfScope is 404 for the operator', async () => {
    const { admin, operator } = acme.users;
    const res = await get(`/api/inspections/scan/${acme.qrCodes.valid.toLowerCase()}`, admin.apiToken).expect(200);
    expect(res.body.data.asset.id).toBe(acme.assets.tracked);
    const formIds = res.body.data.forms.map((form: { _id: string }) => form._id);
    expect(formIds).toContain(acme.forms.active);
    expect(formIds).not.toContain(acme.forms.inactive);
    expect(formIds).not.toContain(acme.forms.archived);
    expect((await get(`/api/inspections/scan/${acme.qrCodes.revoked}`, admin.sessionToken).expect(410)).body.code).toBe('INSPECTION_QR_REVOKED');
    expect((await get(`/api/inspections/scan/${acme.qrCodes.outOfScope}`, operator.apiToken).expect(404)).body.code).toBe('INSPECTION_QR_NOT_FOUND');
    await get(`/api/inspections/scan/${acme.qrCodes.outOfScope}`, admin.apiToken).expect(200);
  });

  it('another client’s codes and work order read as missing', async () => {
    const globex = manifest.clients.globex as DemoClientManifest & InspectionKeys;
    await get(`/api/inspections/scan/${globex.qrCodes.valid}`, acme.users.admin.apiToken).expect(404);
    await request(t.server)
      .post(`/api/maintenance/work-orders/${globex.workOrder}/forms`)
      .set('Authorization', `Bearer ${acme.users.admin.apiToken}`)
      .send({ formId: acme.forms.active, answers: [] })
      .expect(404);
  });

  it('lists the demo forms by status', async () => {
    const token = acme.users.admin.apiToken;
    const ids = async (query: string) => (await get(`/api/dynamic-forms${query}`, token).expect(200)).body.data.map((form: { _id: string }) => form._id);
    expect(await ids('')).toEqual(expect.arrayContaining([acme.forms.active, acme.forms.inactive]));
    expect(await ids('')).not.toContain(acme.forms.archived);
    expect(await ids('?status=archived')).toEqual([acme.forms.archived]);
  });

  it('the work order takes the active form: required answers missing are 400', async () => {
    const res = await request(t.server)
      .post(`/api/maintenance/work-orders/${acme.workOrder}/forms`)
      .set('Authorization', `Bearer ${acme.users.admin.apiToken}`)
      .send({ formId: acme.forms.active, answers: [] })
      .expect(400);
    expect(res.body.error).toMatch(/is required/);
  });
});
