import { rutCheckDigit } from '@app/formats';
import { createTestApp } from '@app/testing';
import type { Server } from 'node:http';
import request from 'supertest';
import { createTenant } from '../factories/tenant.factory';

/** Shutting down (what SIGTERM triggers) lets requests in flight finish, then closes the database. */
describe('graceful shutdown', () => {
  it('answers a request in flight before closing', async () => {
    const t = await createTestApp();
    const tenant = await createTenant(t.app);
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const body = String(30_000_000 + i);
      return { row: i + 2, firstName: 'Cierre', lastName: `Ordenado ${i}`, rut: `${body}-${rutCheckDigit(body)}` };
    });
    const server = t.app.getHttpServer() as Server;
    const arrived = new Promise((resolve) => server.once('request', resolve));
    const answered = request(server)
      .post('/api/drivers/import')
      .set('Authorization', `Bearer ${tenant.admin.apiToken}`)
      .send({ rows })
      .then((res) => res);
    await arrived;
    const closing = t.app.close();
    const res = await answered;
    await closing;
    expect(res.status).toBe(201);
    expect(res.body.data.createdCount).toBe(1000);
    expect(t.connection.readyState).toBe(0); // disconnected
  }, 60_000);
});
