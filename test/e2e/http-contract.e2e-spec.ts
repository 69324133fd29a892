import request from 'supertest';
import { createTenant, TestTenant } from '../factories/tenant.factory';
import { createTestApp, TestApp } from '@app/testing';

describe('HTTP contract (envelope, error shapes, request ids, limits)', () => {
  let t: TestApp;
  let tenant: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('wraps success as {status: "success", data}', async () => {
    const res = await request(t.server).get('/api/time').expect(200);
    expect(res.body.status).toBe('success');
    expect(new Date(res.body.data.now).getTime()).toBeGreaterThan(0);
    expect(typeof res.body.data.epochMs).toBe('number');
  });

  it('reports health with the database reachable, without authentication', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: { status: 'up', kind: 'external' } });
  });

  it('generates a request id and echoes it', async () => {
    const res = await request(t.server).get('/api/time').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed X-Request-Id from the caller, and replaces a malformed one', async () => {
    const kept = await request(t.server).get('/api/time').set('X-Request-Id', 'abc-123.x').expect(200);
    expect(kept.headers['x-request-id']).toBe('abc-123.x');
    const replaced = await request(t.server).get('/api/time').set('X-Request-Id', 'bad id <script>').expect(200);
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('marks every answer, success or error, as not to be stored, and sends no ETag', async () => {
    const answers = [
      await request(t.server).get('/api/auth/me').set('Authorization', `Bearer ${tenant.admin.apiToken}`).expect(200),
      await request(t.server).get('/api/auth/me').expect(401),
      await request(t.server).post('/api/auth/login').set('Content-Type', 'application/json').send('{bad').expect(400),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it("sends the API security headers of OWASP's REST guidance on JSON answers", async () => {
    for (const res of [await request(t.server).get('/api/time').expect(200), await request(t.server).get('/api/auth/me').expect(401)]) {
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'strict-transport-security': expect.stringContaining('max-age='),
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
      // Headers that only mean something for HTML documents.
      expect(res.headers['x-xss-protection']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it("serves Swagger UI with helmet's policy for HTML pages", async () => {
    const res = await request(t.server).get('/api/docs/').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers unknown routes with 404 shape A', async () => {
    const res = await request(t.server).get('/api/no-such-route').expect(404);
    expect(res.body).toEqual({ error: 'Route not found: GET /api/no-such-route' });
  });

  it('answers another method on a known path with 405 shape A and Allow, before authentication', async () => {
    const res = await request(t.server).delete('/api/auth/login').expect(405);
    expect(res.body).toEqual({ error: 'Method not allowed: DELETE /api/auth/login' });
    expect(res.headers.allow).toBe('OPTIONS, POST');
    // A path with a parameter, whatever the id; HEAD comes with GET.
    const withId = await request(t.server).put('/api/roles/000000000000000000000000?x=1').expect(405);
    expect(withId.headers.allow).toBe('DELETE, GET, HEAD, OPTIONS, PATCH');
    expect(withId.headers['cache-control']).toBe('no-store');
  });

  it('answers 405 on a literal path rather than letting a :id route of the same prefix take it', async () => {
    // PATCH /api/assets/:id exists; /api/assets/qr-labels is a route of its own (POST).
    const res = await request(t.server)
      .patch('/api/assets/qr-labels')
      .set('Authorization', `Bearer ${tenant.admin.apiToken}`)
      .send({ assetIds: [] })
      .expect(405);
    expect(res.headers.allow).toBe('OPTIONS, POST');
    expect(res.body).toEqual({ error: 'Method not allowed: PATCH /api/assets/qr-labels' });
  });

  it('keeps 404 for a path no route has, whatever the method', async () => {
    const res = await request(t.server).patch('/api/no-such-route/abc').expect(404);
    expect(res.headers.allow).toBeUndefined();
    expect(res.body).toEqual({ error: 'Route not found: PATCH /api/no-such-route/abc' });
  });

  it('answers malformed JSON with 400 shape A', async () => {
    const res = await request(t.server).post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": "a@b.cl", ').expect(400);
    expect(res.body).toEqual({ error: 'Malformed JSON body' });
  });

  it('answers a body that is not JSON with 400 shape A saying what to send, and reads an empty one of any type as none', async () => {
    const json = JSON.stringify({ name: 'from curl -d' });
    // `curl -d` sends a form type; `text/plain` is what a browser form or a hand-made client may send; some send none.
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', undefined]) {
      const attempt = request(t.server).post('/api/auth/api-tokens').set('Authorization', `Bearer ${tenant.admin.token}`);
      if (type) attempt.set('Content-Type', type);
      else attempt.unset('Content-Type');
      const res = await attempt.send(json).expect(400);
      expect([type, res.body]).toEqual([type, { error: 'The body must be JSON sent with Content-Type: application/json' }]);
    }
    const tokens = await request(t.server).get('/api/auth/api-tokens').set('Authorization', `Bearer ${tenant.admin.token}`).expect(200);
    expect(tokens.body.data.map((token: { name: string }) => token.name)).not.toContain('from curl -d');
    // No content: nothing to read, whatever the type says.
    const readAll = await request(t.server)
      .post('/api/notifications/read-all')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .set('Content-Type', 'text/plain')
      .set('Content-Length', '0')
      .expect(200);
    expect(readAll.body.data).toEqual({ read: 0 });
  });

  it('reads UTF-8 JSON only: another charset is 415 shape A, nothing written', async () => {
    const send = (contentType: string, body: Buffer | string) =>
      request(t.server).post('/api/auth/api-tokens').set('Authorization', `Bearer ${tenant.admin.token}`).set('Content-Type', contentType).send(body);
    // In UTF-7, '+AGE-' is 'a': a UTF-8 reader in front of the app sees another name than the app would.
    for (const [type, body] of [
      ['application/json; charset=utf-7', '{"name":"+AGE-dmin"}'],
      ['application/json; charset=UTF-16LE', Buffer.from('{"name":"utf16"}', 'utf16le')],
      ['application/json; charset="latin1"', '{"name":"latin"}'],
    ] as const) {
      const res = await send(type, body);
      expect([type, res.status, res.body]).toEqual([type, 415, { error: 'Unsupported charset: send UTF-8 JSON' }]);
    }
    const names = (await request(t.server).get('/api/auth/api-tokens').set('Authorization', `Bearer ${tenant.admin.token}`).expect(200)).body.data.map(
      (token: { name: string }) => token.name,
    );
    expect(names.filter((name: string) => ['admin', '+AGE-dmin', 'utf16', 'latin'].includes(name))).toEqual([]);
    for (const [index, type] of [
      'application/json; charset=utf-8',
      'application/json; charset=UTF-8',
      'application/json;charset="utf-8"',
      'application/json',
    ].entries()) {
      await send(type, JSON.stringify({ name: `utf8 ${index}` })).expect(201);
    }
  });

  it('refuses a body over the size limit with 413 shape A', async () => {
    const res = await request(t.server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.cl', password: 'x'.repeat(1_100_000) }))
      .expect(413);
    expect(res.body).toEqual({ error: 'Request body too large' });
  });

  it('accepts a body the size of a 1000-row import (about 200 KB)', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      row: i + 2,
      firstName: 'Juana Andrea',
      lastName: 'Pérez Soto',
      rut: '12345678-5',
      phone: '+56912345678',
      email: 'juana.perez@example.cl',
      address: 'Av. Libertador 1234, depto 56',
      city: 'Santiago',
    }));
    const body = JSON.stringify({ name: 'x', rows });
    expect(body.length).toBeGreaterThan(150_000);
    // The body parses (no 413); the strict DTO then refuses the extra field with 400.
    await request(t.server)
      .post('/api/auth/api-tokens')
      .set('Authorization', `Bearer ${tenant.admin.token}`)
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
  });

  it('answers validation errors with 400 shape A naming the field', async () => {
    const res = await request(t.server).post('/api/auth/login').send({ email: 'not-an-email', password: 'x' }).expect(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatch(/email/);
  });

  it('refuses unknown fields on strict bodies with 400 shape A', async () => {
    const res = await request(t.server).post('/api/auth/login').send({ email: 'a@b.cl', password: 'x', admin: true }).expect(400);
    expect(res.body.error).toBe('admin is not an accepted field');
  });

  it('does not convert types implicitly: a number where a string is due is refused', async () => {
    const res = await request(t.server).post('/api/auth/login').send({ email: 'a@b.cl', password: 12345 }).expect(400);
    expect(res.body.error).toMatch(/password/);
  });

  it('sets security headers', async () => {
    const res = await request(t.server).get('/api/time').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS for the configured web app origin only', async () => {
    const allowed = await request(t.server).options('/api/auth/me').set('Origin', 'https://app.fleet.test').set('Access-Control-Request-Method', 'GET');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.fleet.test');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const refused = await request(t.server).options('/api/auth/me').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'GET');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers the web app origin's ordinary requests with CORS headers it can read, and no other origin", async () => {
    for (let i = 0; i < 2; i++) {
      // Twice: the first answer's headers are recorded, the second's replayed.
      const allowed = await request(t.server).get('/api/time').set('Origin', 'https://app.fleet.test').expect(200);
      expect(allowed.headers).toMatchObject({
        'access-control-allow-origin': 'https://app.fleet.test',
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'X-Request-Id,Retry-After,Content-Disposition',
        vary: 'Origin',
      });
      const other = await request(t.server).get('/api/time').set('Origin', 'https://evil.example').expect(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const none = await request(t.server).get('/api/time').expect(200);
      expect(none.headers['access-control-allow-origin']).toBeUndefined();
      expect(none.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves the generated OpenAPI document with both security schemes', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual(['bearer', 'session-cookie']);
    expect(res.body.paths['/api/auth/login'].post).toBeDefined();
    expect(res.body.components.schemas.LoginDto.properties.email).toBeDefined();
  });

  it('describes success bodies inside the envelope, as they are on the wire', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    const schema = res.body.paths['/api/time'].get.responses['200'].content['application/json'].schema;
    expect(schema).toEqual({
      type: 'object',
      required: ['status', 'data'],
      properties: { status: { type: 'string', enum: ['success'] }, data: { $ref: '#/components/schemas/ClockView' } },
    });
  });

  it('documents the success answer and the 401/403 answers of authenticated operations', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    const me = res.body.paths['/api/auth/me'].get;
    expect(me.responses['200'].content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/MeView' });
    expect(me.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorShapeA' });
    expect(me.responses['403']).toBeUndefined();
    const forms = res.body.paths['/api/dynamic-forms'].get;
    expect(forms.responses['403'].description).toMatch(/access_dynamic_forms/);
  });

  it('documents a success answer with its content on every operation (the typed client types it)', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    const without = Object.entries(res.body.paths as Record<string, Record<string, { responses: Record<string, { content?: object }> }>>)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, op })))
      .filter(({ op }) => !Object.entries(op.responses).some(([status, answer]) => status.startsWith('2') && answer.content))
      .map(({ label }) => label);
    expect(without).toEqual([]);
    const login = res.body.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema;
    expect(login.properties.data).toEqual({ $ref: '#/components/schemas/SessionView' });
  });

  describe('the OpenAPI document tells what the validators refuse', () => {
    let doc: {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, any>; securitySchemes: Record<string, any> };
      servers: unknown[];
    };
    type Operation = {
      summary?: string;
      tags?: string[];
      parameters?: { name: string; in: string; schema: any }[];
      requestBody?: unknown;
      responses: Record<string, any>;
    };
    const operations = () =>
      Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ label: `${method} ${path}`, op })));

    beforeAll(async () => {
      doc = (await request(t.server).get('/api/docs-json').expect(200)).body;
    });

    it('has a server, and describes bearer tokens as opaque sess_/atk_ tokens, not JWTs', () => {
      expect(doc.servers).toEqual([{ url: '/' }]);
      expect(doc.components.securitySchemes.bearer.bearerFormat).toMatch(/sess_.*atk_/);
      expect(doc.components.securitySchemes.bearer.bearerFormat).not.toMatch(/JWT/);
    });

    it('closes strict bodies (additionalProperties: false), also what they nest', () => {
      expect(doc.components.schemas.LoginDto.additionalProperties).toBe(false);
      expect(doc.components.schemas.CreateApiTokenDto.additionalProperties).toBe(false);
      expect(doc.components.schemas.AssetIconDto.additionalProperties).toBe(false);
    });

    it('gives ids their pattern, in paths, queries and bodies, and dates theirs', () => {
      const id = '^[0-9a-fA-F]{24}$';
      expect(doc.paths['/api/roles/{id}'].get.parameters!.find((p) => p.name === 'id')!.schema.pattern).toBe(id);
      expect(doc.paths['/api/users'].get.parameters!.find((p) => p.name === 'roleId')!.schema.pattern).toBe(id);
      const from = doc.paths['/api/assets/{id}/track'].get.parameters!.find((p) => p.name === 'from')!.schema.pattern;
      expect(['01/02/2026', '29/02/2024', '31/12/2026 23:59', '31/12/2026 23:59:59'].every((d) => new RegExp(from).test(d))).toBe(true);
      expect(['31/04/2026', '29/02/2026', '1/2/2026', '01/02/2026 24:00'].some((d) => new RegExp(from).test(d))).toBe(false);
      expect(doc.paths['/api/trips/{vendorId}'].get.parameters!.find((p) => p.name === 'vendorId')!.schema.pattern).toBe('^\\d{1,15}$');
    });

    it('defines shapes C, D and E and references them where they are answered', () => {
      for (const shape of ['A', 'B', 'C', 'D', 'E']) expect(doc.components.schemas[`ErrorShape${shape}`]).toBeDefined();
      const schemaOf = (response: any) => JSON.stringify(response.content['application/json'].schema);
      expect(schemaOf(doc.paths['/api/drivers/import'].post.responses['400'])).toContain('ErrorShapeC');
      expect(schemaOf(doc.paths['/api/drivers/import'].post.responses['500'])).toContain('ErrorShapeC');
      expect(schemaOf(doc.paths['/api/inspections/scan/{code}'].get.responses['410'])).toContain('ErrorShapeE');
      expect(schemaOf(doc.paths['/api/support/tickets'].post.responses['503'])).toContain('ErrorShapeD');
    });

    it('declares 400 wherever there is input, 404 wherever the path names a record, 401 on login', () => {
      for (const { label, op } of operations()) {
        const params = op.parameters ?? [];
        if (op.requestBody || params.some((p) => p.in === 'path' || p.in === 'query')) expect([label, op.responses['400']]).toEqual([label, expect.anything()]);
        if (params.some((p) => p.in === 'path')) expect([label, op.responses['404']]).toEqual([label, expect.anything()]);
      }
      expect(doc.paths['/api/auth/login'].post.responses['401']).toBeDefined();
    });

    it('gives every operation a summary and a lower-case kebab tag, and the login body an example', () => {
      for (const { label, op } of operations()) {
        expect([label, op.summary]).toEqual([label, expect.stringMatching(/\S/)]);
        for (const tag of op.tags ?? []) expect([label, tag]).toEqual([label, expect.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/)]);
      }
      expect(doc.components.schemas.LoginDto.properties.email.example).toBeDefined();
    });
  });
});
