import request from 'supertest';
import { createTestAppWithEnv, TestApp } from '@app/testing';

describe('rate limits (RATE_LIMIT_ENABLED=true)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestAppWithEnv({ RATE_LIMIT_ENABLED: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '20' });
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
});
