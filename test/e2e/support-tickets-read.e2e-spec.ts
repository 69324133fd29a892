import request from 'supertest';
import { Permission } from '@app/auth';
import { createTestApp, createTestAppWithEnv, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { PortalStub, startPortalStub, StubTicket } from '../support/portal-stub';

const INVALID = { error: 'Invalid or expired token' };
const SHAPE_D = { status: 'failed', code: 'PORTAL_UNAVAILABLE', message: expect.any(String), requestId: expect.any(String) };

// Two apps boot in this file; on a shared 2-core machine that can exceed the default 5 s.
jest.setTimeout(60_000);

describe('support tickets: list, read, comment', () => {
  let stub: PortalStub;
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let mine: StubTicket[];
  let foreign: StubTicket;
  const call = (method: 'get' | 'post', path: string, token: string, body?: unknown, app = t) => {
    const req = request(app.server)[method](path).set('Authorization', `Bearer ${token}`);
    return body === undefined ? req : req.send(body as object);
  };

  beforeAll(async () => {
    stub = await startPortalStub();
    process.env.BILLING_PORTAL_URL = stub.url;
    process.env.BILLING_PORTAL_TOKEN = stub.token;
    t = await createTestApp();
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    const client = tenant.clientId.toHexString();
    const comment = { id: 'c-1', ticketId: '', authorName: 'Soporte', authorRole: 'support', content: 'Revisando', createdAt: '2026-01-03T10:00:00.000Z' };
    mine = [
      stub.addTicket({ clientId: client, title: 'Uno', createdAt: '2026-01-01T10:00:00.000Z', category: 'technical' }),
      stub.addTicket({
        clientId: client,
        title: 'Dos',
        createdAt: '2026-01-02T10:00:00.000Z',
        category: 'billing',
        status: { id: 3, name: 'Cerrado' },
        closedAt: '2026-01-05T10:00:00.000Z',
      }),
      stub.addTicket({
        clientId: client,
        title: 'Tres',
        createdAt: '2026-01-03T10:00:00.000Z',
        category: 'technical',
        comments: [comment],
        internalNotes: 'secret',
      }),
    ];
    mine[2].comments[0].ticketId = mine[2].id;
    foreign = stub.addTicket({ clientId: other.clientId.toHexString(), title: 'Ajeno' });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
    delete process.env.BILLING_PORTAL_URL;
    delete process.env.BILLING_PORTAL_TOKEN;
  });

  it("lists the client's tickets newest first without comments, in cursor pages, with the filters passed on", async () => {
    const first = await call('get', '/api/support/tickets?limit=2', tenant.admin.token).expect(200);
    expect(first.body.data.map((ticket: { title: string }) => ticket.title)).toEqual(['Tres', 'Dos']);
    expect(first.body.data[0]).toEqual({
      id: mine[2].id,
      title: 'Tres',
      description: 'Descripción',
      status: { id: 1, name: 'Abierto' },
      category: 'technical',
      authorName: 'Autor',
      commentsCount: 1,
      createdAt: '2026-01-03T10:00:00.000Z',
      updatedAt: expect.any(String),
      closedAt: null,
    });
    const second = await call('get', `/api/support/tickets?limit=2&cursor=${first.body.page.nextCursor}`, tenant.admin.token).expect(200);
    expect(second.body.data.map((ticket: { title: string }) => ticket.title)).toEqual(['Uno']);
    expect(second.body.page).toEqual({ nextCursor: null });
    expect(stub.requestsTo('/tickets').at(-1)!.query).toEqual({ clientId: tenant.clientId.toHexString() });

    const filtered = await call('get', '/api/support/tickets?status=3&category=billing', tenant.admin.token).expect(200);
    expect(filtered.body.data.map((ticket: { title: string }) => ticket.title)).toEqual(['Dos']);
    expect(stub.requestsTo('/tickets').at(-1)!.query).toEqual({ clientId: tenant.clientId.toHexString(), status: '3', category: 'billing' });
    expect((await call('get', '/api/support/tickets', other.admin.token).expect(200)).body.data.map((x: { id: string }) => x.id)).toEqual([foreign.id]);
  });

  it('400 for a bad filter, limit, cursor or an unknown parameter; the portal is not called', async () => {
    const before = stub.requests.length;
    for (const query of ['status=open', 'status=-1', 'status=1.5', 'category=', 'limit=0', 'cursor=bm9wZQ', 'clientId=x', 'status=1&status=2']) {
      const res = await call('get', `/api/support/tickets?${query}`, tenant.admin.token);
      expect([query, res.status, Object.keys(res.body)]).toEqual([query, 400, ['error']]);
    }
    expect(stub.requests.length).toBe(before + 1); // only the forged cursor reaches past validation
  });

  it('reads one ticket with its comments, the spec fields only', async () => {
    const res = await call('get', `/api/support/tickets/${mine[2].id}`, tenant.admin.token).expect(200);
    expect(res.body.data).toEqual({
      id: mine[2].id,
      title: 'Tres',
      description: 'Descripción',
      status: { id: 1, name: 'Abierto' },
      category: 'technical',
      authorName: 'Autor',
      commentsCount: 1,
      createdAt: '2026-01-03T10:00:00.000Z',
      updatedAt: expect.any(String),
      closedAt: null,
      comments: [
        { id: 'c-1', ticketId: mine[2].id, authorName: 'Soporte', authorRole: 'support', content: 'Revisando', createdAt: '2026-01-03T10:00:00.000Z' },
      ],
    });
  });

  it("another client's ticket is 404 exactly like an unknown one, on read and comment; nothing is sent", async () => {
    const unknown = await call('get', '/api/support/tickets/00000000-0000-4000-8000-000000000000', tenant.admin.token).expect(404);
    const other = await call('get', `/api/support/tickets/${foreign.id}`, tenant.admin.token).expect(404);
    expect(other.body).toEqual(unknown.body);
    expect(other.body).toEqual({ error: 'Support ticket not found' });
    await call('post', `/api/support/tickets/${foreign.id}/comments`, tenant.admin.token, { content: 'hola' }).expect(404);
    expect(stub.ticket(foreign.id)!.comments).toEqual([]);
    await call('get', '/api/support/tickets/..%2F..%2Fclients', tenant.admin.token).expect(404);
  });

  it('comments in the name of the caller and records the event', async () => {
    const commenter = await tenant.addUser({ permissions: [Permission.Support] });
    const res = await call('post', `/api/support/tickets/${mine[0].id}/comments`, commenter.token, { content: '  ¿Alguna novedad?  ' })
      .set('X-Request-Id', 'comment-1')
      .expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      ticketId: mine[0].id,
      authorName: commenter.user.name,
      authorRole: 'client',
      content: '¿Alguna novedad?',
      createdAt: expect.any(String),
    });
    const sent = stub.requestsTo(`/tickets/${mine[0].id}/comments`);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ content: '¿Alguna novedad?', author: { name: commenter.user.name, email: commenter.email }, authorRole: 'client' });
    expect(sent[0].headers['x-request-id']).toBe('comment-1');
    const event = await t.connection.collection('activity_events').findOne({ requestId: 'comment-1' });
    expect(event).toMatchObject({ action: 'support_ticket.comment', resourceType: 'support_ticket', resourceId: mine[0].id });
  });

  it('400 for a bad comment body, and the portal is not called', async () => {
    const before = stub.requests.length;
    for (const body of [{}, { content: '' }, { content: '   ' }, { content: 5 }, { content: 'x'.repeat(5001) }, { content: 'ok', author: 'me' }]) {
      const res = await call('post', `/api/support/tickets/${mine[0].id}/comments`, tenant.admin.token, body);
      expect([res.status, Object.keys(res.body)]).toEqual([400, ['error']]);
    }
    expect(stub.requests.length).toBe(before);
  });

  it('portal down or malformed → 503 shape D on all three routes', async () => {
    try {
      for (const mode of ['error', 'malformed'] as const) {
        stub.mode = mode;
        const list = await call('get', '/api/support/tickets', tenant.admin.token).set('X-Request-Id', `down-${mode}`).expect(503);
        expect(list.body).toEqual({ ...SHAPE_D, requestId: `down-${mode}` });
        expect((await call('get', `/api/support/tickets/${mine[0].id}`, tenant.admin.token).expect(503)).body).toEqual(SHAPE_D);
      }
      stub.mode = 'error';
      expect((await call('post', `/api/support/tickets/${mine[0].id}/comments`, tenant.admin.token, { content: 'x' }).expect(503)).body).toEqual(SHAPE_D);
    } finally {
      stub.mode = 'ok';
    }
  });

  it('401 and 403 on every route, before the portal is called', async () => {
    const before = stub.requests.length;
    const noSupport = await tenant.addUser({ permissions: [Permission.Drivers] });
    for (const [method, path, body] of [
      ['get', '/api/support/tickets'],
      ['get', `/api/support/tickets/${mine[0].id}`],
      ['post', `/api/support/tickets/${mine[0].id}/comments`, { content: 'x' }],
    ] as const) {
      await request(t.server)[method](path).send(body).expect(401, INVALID);
      await call(method, path, noSupport.token, body).expect(403);
    }
    expect(stub.requests.length).toBe(before);
  });

  it('a comment that times out is 504 shape D and is sent once; a read that times out is 503', async () => {
    const slow = await createTestAppWithEnv({ BILLING_PORTAL_URL: stub.url, BILLING_PORTAL_TOKEN: stub.token, BILLING_PORTAL_TIMEOUT_MS: '400' });
    try {
      const ticket = mine[1].id;
      // The ticket check answers; then the portal hangs on the comment.
      await call('get', `/api/support/tickets/${ticket}`, tenant.admin.token, undefined, slow).expect(200);
      const before = stub.requestsTo(`/tickets/${ticket}/comments`).length;
      const originalGet = stub.ticket(ticket)!;
      expect(originalGet).toBeDefined();
      stub.mode = 'hang';
      const read = await call('get', `/api/support/tickets/${ticket}`, tenant.admin.token, undefined, slow).expect(503);
      expect(read.body).toEqual(SHAPE_D);
      stub.mode = 'ok';
      stub.hangPaths = [`/tickets/${ticket}/comments`];
      const res = await call('post', `/api/support/tickets/${ticket}/comments`, tenant.admin.token, { content: 'lento' }, slow).expect(504);
      expect(res.body).toEqual(SHAPE_D);
      expect(res.body.message).toMatch(/comment may have been added/);
      expect(stub.requestsTo(`/tickets/${ticket}/comments`).length).toBe(before + 1);
    } finally {
      stub.mode = 'ok';
      stub.hangPaths = [];
      await slow.close();
    }
  });
});
