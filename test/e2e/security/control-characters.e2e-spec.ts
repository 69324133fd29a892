import request from 'supertest';
import type { TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../../factories/tenant.factory';
import { fleetFixtures } from '../../factories/inspections.factory';
import { insertCustomTariff } from '../fuel-fixtures';
import { createTestAppWithPortal, TestAppWithPortal } from '../../support/app-with-portal';
import type { PortalStub } from '../../support/portal-stub';

/**
 * Control characters are refused in every text field of every body — C0, DEL, C1 —
 * with tab and line breaks allowed only in multi-line fields (descriptions, answers), each
 * route answering in its documented shape and writing nothing.
 */
const FORBIDDEN_EVERYWHERE = ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009f'];
const LINE_BREAKS = ['\t', '\n', '\r\n'];

describe('control characters in text fields', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let portal: PortalStub;
  let withPortal: TestAppWithPortal;
  let assetId: string;
  let tariffId: string;
  const send = (method: 'post' | 'patch', path: string, body: object) =>
    request(t.server)[method](path).set('Authorization', `Bearer ${tenant.admin.token}`).send(body);
  const workOrders = () => t.connection.collection('work_orders').countDocuments({ clientId: tenant.clientId });

  beforeAll(async () => {
    withPortal = await createTestAppWithPortal();
    ({ t, portal } = withPortal);
    tenant = await createTenant(t.app);
    const fixtures = fleetFixtures(t.app, tenant.clientId);
    assetId = (await fixtures.asset({ mainTrackerId: (await fixtures.tracker())._id }))._id.toHexString();
    tariffId = (await insertCustomTariff(t.connection, tenant.clientId, { name: 'Diésel flota', price: 1000 })).tariffId.toHexString();
  });
  afterAll(async () => {
    await withPortal.close();
  });

  it('refuses them in a tariff name (400 shape A), leaving the tariff as it was', async () => {
    for (const bad of [...FORBIDDEN_EVERYWHERE, ...LINE_BREAKS]) {
      const res = await send('patch', `/api/fuel-tariffs/${tariffId}`, { name: `Diésel${bad}flota` });
      expect([JSON.stringify(bad), res.status, res.body]).toEqual([
        JSON.stringify(bad),
        400,
        { error: 'name must not contain control characters (tab and line breaks included)' },
      ]);
    }
    const stored = await t.connection.collection('fuel_tariffs').findOne({ clientId: tenant.clientId });
    expect(stored?.name).toBe('Diésel flota');
  });

  it('refuses a tab or line break at the ends of a single-line field too (trimming never hides one)', async () => {
    // Found by the OpenAPI fuzzer: "\t貇\u00a0" was trimmed to "貇" and a token created, though the
    // document's pattern refuses it.
    const tokens = () => t.connection.collection('api_tokens').countDocuments({});
    const before = await tokens();
    for (const name of ['\tERP', 'ERP\n', ' \r\nERP ', '\t貇\u00a0']) {
      const res = await send('post', '/api/auth/api-tokens', { name });
      expect([JSON.stringify(name), res.status, res.body.error]).toEqual([
        JSON.stringify(name),
        400,
        expect.stringMatching(/^name must not contain control characters/),
      ]);
    }
    expect(await tokens()).toBe(before);
    const spaced = await send('post', '/api/auth/api-tokens', { name: '\u00a0 ERP \u3000' }).expect(201);
    expect(spaced.body.data.name).toBe('ERP');
    const multiLine = await send('post', '/api/maintenance/work-orders', {
      assetId,
      category: 'preventive',
      title: 'Tyres',
      description: '\n\tRotate\r\n',
    }).expect(201);
    expect(multiLine.body.data.description).toBe('Rotate');
  });

  it('refuses them in a work-order title, and all but tab and line breaks in its description', async () => {
    const before = await workOrders();
    for (const bad of [...FORBIDDEN_EVERYWHERE, ...LINE_BREAKS]) {
      const res = await send('post', '/api/maintenance/work-orders', { assetId, category: 'preventive', title: `Oil${bad}change` });
      expect([JSON.stringify(bad), res.status, res.body.error]).toEqual([
        JSON.stringify(bad),
        400,
        expect.stringMatching(/^title must not contain control characters/),
      ]);
    }
    for (const bad of FORBIDDEN_EVERYWHERE) {
      const res = await send('post', '/api/maintenance/work-orders', { assetId, category: 'preventive', title: 'Oil change', description: `a${bad}b` });
      expect([JSON.stringify(bad), res.status, res.body]).toEqual([
        JSON.stringify(bad),
        400,
        { error: 'description must not contain control characters (tab and line breaks are allowed)' },
      ]);
    }
    expect(await workOrders()).toBe(before);
    const multiLine = 'Check:\n\t- brakes\r\n\t- lights';
    const res = await send('post', '/api/maintenance/work-orders', { assetId, category: 'preventive', title: 'Oil change', description: multiLine }).expect(
      201,
    );
    expect(res.body.data.description).toBe(multiLine);
  });

  it("refuses them in a driver import row's first name with 400 shape C, creating no driver", async () => {
    const rows = (firstName: string) => ({ rows: [{ row: 2, firstName, lastName: 'Rojas', rut: '11111111-1' }] });
    const drivers = () => t.connection.collection('drivers').countDocuments({ clientId: tenant.clientId });
    const before = await drivers();
    for (const bad of [...FORBIDDEN_EVERYWHERE, ...LINE_BREAKS]) {
      const res = await send('post', '/api/drivers/import', rows(`An${bad}a`));
      expect([JSON.stringify(bad), res.status, res.body]).toEqual([
        JSON.stringify(bad),
        400,
        {
          status: 'failed',
          message: 'rows.0.firstName: firstName must not contain control characters (tab and line breaks included)',
          errors: [{ path: 'rows.0.firstName', message: 'firstName must not contain control characters (tab and line breaks included)' }],
        },
      ]);
    }
    expect(await drivers()).toBe(before);
    await send('post', '/api/drivers/import', rows('Ana')).expect(201);
  });

  it('keeps line breaks in a ticket description, not in its title', async () => {
    const sent = portal.requestsTo('/tickets').length;
    const title = await send('post', '/api/support/tickets', { title: 'GPS\nsin señal', description: 'd', category: 'technical' });
    expect([title.status, title.body]).toEqual([400, { error: 'title must not contain control characters (tab and line breaks included)' }]);
    const nul = await send('post', '/api/support/tickets', { title: 'GPS', description: 'd\u0000', category: 'technical' });
    expect(nul.status).toBe(400);
    expect(portal.requestsTo('/tickets').length).toBe(sent);
    await send('post', '/api/support/tickets', { title: 'GPS sin señal', description: 'Desde ayer:\n\tno reporta', category: 'technical' }).expect(201);
  });

  describe('bidirectional controls (embeddings, overrides, isolates), in every field, multi-line ones too', () => {
    const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((code) => String.fromCharCode(code));
    const bidiMessage = (field: string) => `${field} must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069)`;

    it('refuses them in a tariff name and a work-order description (400 shape A), writing nothing', async () => {
      const before = await workOrders();
      for (const bad of BIDI) {
        const name = await send('patch', `/api/fuel-tariffs/${tariffId}`, { name: `Diésel ${bad}atolf` });
        expect([JSON.stringify(bad), name.status, name.body]).toEqual([JSON.stringify(bad), 400, { error: bidiMessage('name') }]);
        const description = await send('post', '/api/maintenance/work-orders', {
          assetId,
          category: 'preventive',
          title: 'Oil change',
          description: `Ver ${bad}fdp.exe`,
        });
        expect([JSON.stringify(bad), description.status, description.body]).toEqual([JSON.stringify(bad), 400, { error: bidiMessage('description') }]);
      }
      expect(await workOrders()).toBe(before);
      const stored = await t.connection.collection('fuel_tariffs').findOne({ clientId: tenant.clientId });
      expect(stored?.name).toBe('Diésel flota');
    });

    it("refuses them in a driver import row's last name with 400 shape C", async () => {
      const res = await send('post', '/api/drivers/import', { rows: [{ row: 2, firstName: 'Ana', lastName: 'Rojas\u202e', rut: '22222222-2' }] });
      expect([res.status, res.body]).toEqual([
        400,
        {
          status: 'failed',
          message: `rows.0.lastName: ${bidiMessage('lastName')}`,
          errors: [{ path: 'rows.0.lastName', message: bidiMessage('lastName') }],
        },
      ]);
    });

    it('the OpenAPI document says so: a text field’s pattern refuses them', async () => {
      const document = (await request(t.server).get('/api/docs-json').expect(200)).body;
      const pattern = new RegExp(document.components.schemas.UpdateFuelTariffDto.properties.name.pattern, 'u');
      expect(pattern.test('Diésel flota \u200f')).toBe(true);
      expect(BIDI.filter((bad) => pattern.test(`Diésel ${bad}flota`))).toEqual([]);
    });
  });

  it('accepts ordinary Unicode text (accents, emoji, right-to-left marks are not control characters)', async () => {
    await send('patch', `/api/fuel-tariffs/${tariffId}`, { name: 'Diésel ñandú 🚚 \u200f' }).expect(200);
  });
});
