import request from 'supertest';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, TestTenant } from '../../factories/tenant.factory';

/**
 * A compressed body (Content-Encoding gzip, deflate, br) is inflated by the body
 * parser before any route or guard runs. Corrupt, unknown and oversized (zip bomb) bodies must
 * be a documented 4xx in shape A, never a 500, on public and authenticated routes alike.
 */
const COMPRESS: Record<string, (data: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

describe('compressed request bodies', () => {
  let t: TestApp;
  let tenant: TestTenant;

  const post = (path: string, encoding: string, body: Buffer, token?: string) => {
    const call = request(t.server).post(path).set('Content-Type', 'application/json').set('Content-Encoding', encoding);
    if (token) call.set('Authorization', `Bearer ${token}`);
    // superagent would JSON-serialize a Buffer sent as application/json: send the bytes as they are.
    return call.serialize((bytes) => bytes).send(body);
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it.each(Object.keys(COMPRESS))('accepts a valid %s body', async (encoding) => {
    const body = Buffer.from(JSON.stringify({ email: tenant.admin.email, password: tenant.admin.password }));
    const res = await post('/api/auth/login', encoding, COMPRESS[encoding](body)).expect(200);
    expect(res.body.data.token).toEqual(expect.any(String));
  });

  it.each(Object.keys(COMPRESS).flatMap((encoding) => ['/api/positions/stats', '/api/auth/login'].map((path) => [encoding, path])))(
    'answers a corrupt %s body on %s with 400 shape A, without authentication',
    async (encoding, path) => {
      for (const corrupt of [Buffer.from('x'), COMPRESS[encoding](Buffer.from('{"a":1}')).subarray(0, 5), Buffer.alloc(64, 0xff)]) {
        const res = await post(path, encoding, corrupt);
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: { error: `The request body could not be decompressed: it is not valid ${encoding} data` },
        });
      }
    },
  );

  it('answers an unknown Content-Encoding with 415 shape A', async () => {
    for (const encoding of ['compress', 'x-unknown', 'gzip, br']) {
      const res = await post('/api/auth/login', encoding, Buffer.from('{}'));
      expect({ status: res.status, body: res.body }).toEqual({
        status: 415,
        body: { error: expect.stringMatching(/^Unsupported content encoding/) },
      });
    }
  });

  it.each(Object.keys(COMPRESS))('answers a %s zip bomb (inflates past the 1 MB limit) with 413 shape A, quickly', async (encoding) => {
    // 64 MB of zeros compress to tens of kilobytes.
    const bomb = COMPRESS[encoding](Buffer.concat([Buffer.from('{"a":"'), Buffer.alloc(64 * 1024 * 1024, 0x30), Buffer.from('"}')]));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const res = await post('/api/positions/stats', encoding, bomb, tenant.admin.apiToken);
    expect({ status: res.status, body: res.body }).toEqual({ status: 413, body: { error: 'Request body too large' } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('compressed request bodies in the OpenAPI document', () => {
  it('declares 413 and 415 (shape A) on every operation with a body', async () => {
    const t = await createTestApp();
    try {
      const doc = (await request(t.server).get('/api/docs-json').expect(200)).body;
      const withBody = Object.values(doc.paths as Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>)
        .flatMap((item) => Object.values(item))
        .filter((operation) => operation.requestBody);
      expect(withBody.length).toBeGreaterThan(5);
      for (const operation of withBody) {
        for (const status of ['413', '415']) {
          expect(operation.responses[status]).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorShapeA' } } } });
        }
      }
    } finally {
      await t.close();
    }
  });
});
