import request from 'supertest';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { startPortalStub, PortalStub } from '../support/portal-stub';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';
import { Permission } from '@app/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const valid = { title: 'GPS sin señal', description: 'El camión AB-CD-12 no reporta desde ayer.', category: 'technical' };

// Two apps boot per file; on a shared 2-core machine that can exceed the default 5 s.
jest.setTimeout(60_000);

describe('POST /api/support/tickets', () => {
  let stub: PortalStub;
  let t: TestApp;
  let portal: TestApp;
  let tenant: TestTenant;
  const post = (token: string, body: unknown) =>
    request(portal.server)
      .post('/api/support/tickets')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const ticketEvents = () => t.connection.collection('activity_events').countDocuments({ clientId: tenant.clientId, action: 'support_ticket.create' });

  beforeAll(async () => {
    stub = await startPortalStub();
    // `t` makes tenants and reads the database; `portal` is the same app and database with the
    // portal configured (its configuration is validated when its modules load), used through HTTP.
    t = await createTestApp();
    portal = await createTestAppWithEnv({ BILLING_PORTAL_URL: stub.url, BILLING_PORTAL_TOKEN: stub.token });
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await portal.close();
    await t.close();
    await stub.close();
  });

  it("creates the ticket in the portal in the caller's name and answers {ticket} in the spec shape", async () => {
    const res = await post(tenant.admin.token, valid).set('X-Request-Id', 'ticket-req-1').expect(201);

    expect(Object.keys(res.body)).toEqual(['ticket']);
    expect(res.body.ticket).toEqual({
      id: expect.stringMatching(UUID),
      title: valid.title,
      description: valid.description,
      status: { id: 1, name: 'Abierto' },
      category: 'technical',
      authorName: tenant.admin.user.name,
      commentsCount: 0,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      closedAt: null,
      comments: [],
    });
    const sent = stub.requestsTo('/tickets');
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].headers.authorization).toBe(`Bearer ${stub.token}`);
    expect(sent[0].headers['x-request-id']).toBe('ticket-req-1');
    expect(sent[0].body).toEqual({
      ...valid,
      clientId: tenant.clientId.toHexString(),
      author: { name: tenant.admin.user.name, email: tenant.admin.email },
      origin: 'fleet-platform',
    });
  });

  it('records an activity event with the ticket id', async () => {
    const res = await post(tenant.admin.token, { ...valid, title: 'Factura duplicada', category: 'billing' }).expect(201);
    const event = await t.connection.collection('activity_events').findOne({ clientId: tenant.clientId, resourceId: res.body.ticket.id });
    expect(event).toMatchObject({
      action: 'support_ticket.create',
      resourceType: 'support_ticket',
      actor: { userId: tenant.admin.user._id, email: tenant.admin.email },
      after: { id: res.body.ticket.id, title: 'Factura duplicada', category: 'billing', status: { id: 1, name: 'Abierto' } },
      requestId: res.headers['x-request-id'],
    });
  });

  it('accepts a title of 200 and a description of 5000 characters, by API token or cookie', async () => {
    await post(tenant.admin.apiToken, { ...valid, title: 't'.repeat(200), description: 'd'.repeat(5000) }).expect(201);
    await request(portal.server)
      .post('/api/support/tickets')
      .set('Cookie', `fleet_session=${tenant.admin.token}`)
      .set('Origin', 'https://app.fleet.test')
      .send(valid)
      .expect(201);
  });

  it('needs only access_support', async () => {
    const support = await tenant.addUser({ permissions: [Permission.Support] });
    const res = await post(support.token, valid).expect(201);
    expect(res.body.ticket.authorName).toBe(support.user.name);
  });

  it.each([
    ['an extra field', { ...valid, priority: 'high' }, /priority/],
    ['a client id', { ...valid, clientId: 'x' }, /clientId/],
    ['no title', { description: valid.description, category: valid.category }, /title/],
    ['no description', { title: valid.title, category: valid.category }, /description/],
    ['no category', { title: valid.title, description: valid.description }, /category/],
    ['an empty title', { ...valid, title: '' }, /title/],
    ['a blank description', { ...valid, description: '   ' }, /description/],
    ['a numeric title', { ...valid, title: 42 }, /title/],
    ['a null category', { ...valid, category: null }, /category/],
    ['an array description', { ...valid, description: ['a'] }, /description/],
    ['an object category', { ...valid, category: { a: 1 } }, /category/],
    ['a title of 201 characters', { ...valid, title: 't'.repeat(201) }, /title/],
    ['a description of 5001 characters', { ...valid, description: 'd'.repeat(5001) }, /description/],
    ['an empty body', {}, /title/],
    ['an array body', [valid], /./],
  ])('400 shape A for %s, and the portal is not called', async (_, body, mentions) => {
    const calls = stub.requestsTo('/tickets').length;
    const events = await ticketEvents();
    const res = await post(tenant.admin.token, body).expect(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatch(mentions);
    expect(stub.requestsTo('/tickets')).toHaveLength(calls);
    expect(await ticketEvents()).toBe(events);
  });

  it('400 for a body that is not JSON', async () => {
    const calls = stub.requestsTo('/tickets').length;
    const res = await request(portal.server)
      .post('/api/support/tickets')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .set('Content-Type', 'application/json')
      .send('{"title": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(stub.requestsTo('/tickets')).toHaveLength(calls);
  });

  it('401 without a token and with an invalid one; the portal is not called', async () => {
    const calls = stub.requestsTo('/tickets').length;
    expect((await request(portal.server).post('/api/support/tickets').send(valid).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    expect((await post('atk_invalidinvalidinvalidinvalidinvalidinvalid1', valid).expect(401)).body).toEqual({ error: 'Invalid or expired token' });
    expect(stub.requestsTo('/tickets')).toHaveLength(calls);
  });

  it('403 without access_support; the portal is not called', async () => {
    const calls = stub.requestsTo('/tickets').length;
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    const invoicesOnly = await tenant.addUser({ permissions: [Permission.Invoices] });
    expect((await post(viewer.token, valid).expect(403)).body).toEqual({ error: expect.any(String) });
    await post(invoicesOnly.token, valid).expect(403);
    expect(stub.requestsTo('/tickets')).toHaveLength(calls);
  });

  it("sends the ticket of another client with that client's id and author", async () => {
    const other = await createTenant(t.app);
    await post(other.admin.token, valid).expect(201);
    const last = stub.requestsTo('/tickets').at(-1)!;
    expect(last.body).toMatchObject({ clientId: other.clientId.toHexString(), author: { email: other.admin.email } });
  });

  it('is documented in OpenAPI with its raw {ticket} body, and the invoice report as a binary download', async () => {
    const doc = (await request(t.server).get('/api/docs-json').expect(200)).body;
    const created = doc.paths['/api/support/tickets'].post.responses['201'].content['application/json'].schema;
    expect(created).toEqual({ $ref: '#/components/schemas/CreatedSupportTicketView' });
    expect(Object.keys(doc.paths['/api/support/tickets'].post.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '429',
      '500',
      '503',
      '504',
    ]);
    expect(doc.components.schemas.CreateSupportTicketDto.required.sort()).toEqual(['category', 'description', 'title']);
    const report = doc.paths['/api/invoices/report'].post.responses['200'].content;
    expect(Object.keys(report).sort()).toEqual(['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  });
});
