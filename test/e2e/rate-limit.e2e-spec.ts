import request from 'supertest';
import { createTestAppWithEnv, TestApp } from '@app/testing';

const INGEST_TOKEN = 'rate-limit-test-ingest-token-0123456789';

describe('rate limits (RATE_LIMIT_ENABLED=true)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestAppWithEnv({
      RATE_LIMIT_ENABLED: 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: '3',
      RATE_LIMIT_PER_MINUTE: '20',
      // X-Forwarded-For from the test's loopback is believed: each test asks from addresses of its own.
      TRUST_PROXY: 'loopback',
      TELEMETRY_INGEST_TOKENS: INGEST_TOKEN,
    });
  });
  afterAll(() => t.close());

  it('limits sign-in attempts per IP more tightly, answering 429 in shape A with Retry-After', async () => {
    const attempt = () => request(t.server).post('/api/auth/login').send({ email: 'nobody@fleet.test', password: 'guess' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt().expect(429);
    expect(limited.body).toEqual({ error: 'Too many requests, try again later' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('limits every route per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await request(t.server).get('/api/time')).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(20);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts each route apart, and says where the counts stand', async () => {
    const from = '198.51.100.1';
    for (let i = 0; i < 20; i++) await request(t.server).get('/api/time').set('X-Forwarded-For', from).expect(200);
    await request(t.server).get('/api/time').set('X-Forwarded-For', from).expect(429);
    const other = await request(t.server).get('/api/auth/me').set('X-Forwarded-For', from).set('Authorization', 'Bearer atk_unknown').expect(401);
    expect(other.headers).toMatchObject({
      'x-ratelimit-limit-ip': '20',
      'x-ratelimit-remaining-ip': '19',
      'x-ratelimit-limit-token': '20',
      'x-ratelimit-remaining-token': '19',
    });
    expect(Number(other.headers['x-ratelimit-reset-ip'])).toBeGreaterThan(0);
    expect(other.headers['x-ratelimit-limit-login']).toBeUndefined();
  });

  it('limits a credential from any address: the 21st use from 21 addresses is refused, another credential is not', async () => {
    const me = (ip: string, authorization: string) => request(t.server).get('/api/auth/me').set('X-Forwarded-For', ip).set('Authorization', authorization);
    for (let i = 0; i < 20; i++) await me(`203.0.113.${i + 1}`, 'Bearer atk_shared').expect(401);
    await me('203.0.113.100', 'Bearer atk_shared').expect(429);
    await me('203.0.113.101', 'Bearer atk_another').expect(401);
  });

  it('leaves the telemetry stream out: its batches are never refused', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${INGEST_TOKEN}`).send([]).expect(200);
      expect(res.headers['x-ratelimit-limit-ip']).toBeUndefined();
    }
  });
});
