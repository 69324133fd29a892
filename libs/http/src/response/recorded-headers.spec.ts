import cors from 'cors';
import express, { RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { corsHeaders } from './cors.middleware';
import { recordHeaders } from './recorded-headers';
import { API_HELMET_OPTIONS, securityHeaders } from './security-headers.middleware';

/** The headers an app with this middleware sends, but the ones that change every time. */
async function headersOf(middleware: RequestHandler, method: 'get' | 'options', path: string, headers: Record<string, string> = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.all('/{*any}', (_req, res) => res.json({}));
  let call = request(app)[method](path);
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  const res = await call;
  const { date: _date, ...rest } = res.headers as Record<string, string>;
  return { status: res.status, headers: rest };
}

describe('headers recorded once and replayed', () => {
  const origins = ['https://app.fleet.test', 'http://localhost:5173'];
  const exposedHeaders = ['X-Request-Id', 'Retry-After'];
  const library = cors({ origin: origins, credentials: true, exposedHeaders });
  const ours = corsHeaders({ origins, exposedHeaders });

  it.each([
    ['a request without an Origin', 'get', {}],
    ['a request from an allowed origin', 'get', { origin: 'https://app.fleet.test' }],
    ['a second allowed origin (recorded apart)', 'get', { origin: 'http://localhost:5173' }],
    ['a request from another origin', 'get', { origin: 'https://evil.example' }],
    ['an allowed preflight', 'options', { origin: 'https://app.fleet.test', 'access-control-request-method': 'PATCH' }],
    ['a refused preflight', 'options', { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' }],
  ] as const)('CORS: %s gets exactly what the cors package sends', async (_what, method, headers) => {
    const expected = await headersOf(library, method, '/api/auth/me', headers);
    // Twice: the first request records, the second replays.
    expect(await headersOf(ours, method, '/api/auth/me', headers)).toEqual(expected);
    expect(await headersOf(ours, method, '/api/auth/me', headers)).toEqual(expected);
  });

  it('CORS: the allowed origin is echoed, with credentials and the exposed headers', async () => {
    const { headers } = await headersOf(ours, 'get', '/x', { origin: 'https://app.fleet.test' });
    expect(headers).toMatchObject({
      'access-control-allow-origin': 'https://app.fleet.test',
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'X-Request-Id,Retry-After',
      vary: 'Origin',
    });
  });

  it('security headers: a JSON answer gets what helmet itself sends, and HTML pages keep their own set', async () => {
    const fromHelmet = await headersOf(helmet(API_HELMET_OPTIONS), 'get', '/api/auth/me');
    const fromOurs = await headersOf(securityHeaders('/api/docs'), 'get', '/api/auth/me');
    expect(fromOurs).toEqual(fromHelmet);
    expect(fromOurs.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    const page = await headersOf(securityHeaders('/api/docs'), 'get', '/api/docs/index.html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses a middleware that answers the request itself or does not pass it on', () => {
    expect(() => recordHeaders((_req, res) => res.end())).toThrow(/answered the request itself/);
    expect(() => recordHeaders(() => undefined)).toThrow(/did not pass the request on/);
  });
});
