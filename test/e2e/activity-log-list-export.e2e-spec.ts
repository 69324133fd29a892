import request from 'supertest';
import { parseString } from '@fast-csv/parse';
import { Workbook } from 'exceljs';
import { Types } from 'mongoose';
import { createTestApp, TestApp } from '@app/testing';
import { createTenant, NO_PERMISSIONS, TestTenant } from '../factories/tenant.factory';

const START = Date.parse('2026-10-01T00:00:00Z');

describe('GET /api/activity-log and /api/activity-log/export', () => {
  let t: TestApp;
  let tenant: TestTenant;
  const actorB = new Types.ObjectId();
  const call = (path: string, token = tenant.admin.token) => request(t.server).get(path).set('Authorization', `Bearer ${token}`);
  const binary = (path: string) =>
    call(path)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const csvRows = (text: string) =>
    new Promise<string[][]>((resolve, reject) => {
      const rows: string[][] = [];
      parseString(text)
        .on('data', (row: string[]) => rows.push(row))
        .on('end', () => resolve(rows))
        .on('error', reject);
    });

  /** `count` events, one a minute from START: actor A for even ones, B for odd; every tenth a driver.update of driver-N. */
  const seed = async (clientId: Types.ObjectId, count: number) => {
    const documents = Array.from({ length: count }, (_, i) => ({
      _id: new Types.ObjectId(),
      clientId,
      actor:
        i % 2 === 0
          ? { userId: tenant.admin.user._id, name: 'Admin', email: tenant.admin.email, credential: 'session' }
          : { userId: actorB, name: 'B', credential: 'api_token' },
      action: i % 10 === 0 ? 'driver.update' : 'auth.login',
      resourceType: i % 10 === 0 ? 'driver' : 'session',
      resourceId: i % 10 === 0 ? `driver-${i}` : undefined,
      summary: i === 7 ? '=HYPERLINK("http://evil.example","clic")' : `Event ${i}`,
      details: i === 0 ? { rowCount: 3, note: 'coma, "comillas"' } : undefined,
      occurredAt: new Date(START + i * 60_000),
    }));
    for (let i = 0; i < documents.length; i += 10_000)
      await t.connection.collection('activity_events').insertMany(documents.slice(i, i + 10_000).map(withoutUndefinedFields));
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTenant(t.app);
    await seed(tenant.clientId, 2500);
  }, 60_000);
  afterAll(() => t.close());

  it('lists newest first with cursor pages, every filter narrowing', async () => {
    const first = await call('/api/activity-log?limit=3&action=auth.login').expect(200);
    expect(first.body.data.map((e: { summary: string }) => e.summary)).toEqual(['Event 2499', 'Event 2498', 'Event 2497']);
    expect(first.body.data[0]).toMatchObject({
      clientId: tenant.clientId.toHexString(),
      action: 'auth.login',
      resourceType: 'session',
      resourceId: null,
      actor: { userId: actorB.toHexString() },
    });
    const second = await call(`/api/activity-log?limit=3&action=auth.login&cursor=${first.body.page.nextCursor}`).expect(200);
    expect(second.body.data.map((e: { summary: string }) => e.summary)).toEqual(['Event 2496', 'Event 2495', 'Event 2494']);

    const summaries = async (query: string) =>
      (await call(`/api/activity-log?limit=200&${query}`).expect(200)).body.data.map((e: { summary: string }) => e.summary);
    expect(await summaries('entityType=driver&entityId=driver-40')).toEqual(['Event 40']);
    expect(await summaries(`actorId=${actorB.toHexString()}&from=2026-10-01T00:00:00Z&to=2026-10-01T00:05:00Z`)).toEqual(['Event 5', 'Event 3', 'Event 1']);
    expect(await summaries('from=2026-10-01T01:00:00-03:00&to=2026-10-01T04:01:00.000Z')).toEqual(['Event 241', 'Event 240']);
    const last = await call('/api/activity-log?limit=200&entityType=driver&to=2026-10-01T00:30:00Z').expect(200);
    expect(last.body.page.nextCursor).toBeNull();

    for (const query of ['actorId=42', 'from=yesterday', 'from=2026-10-02T00:00:00Z&to=2026-10-01T00:00:00Z', 'limit=201', 'user=x', 'cursor=%24%24']) {
      expect([query, (await call(`/api/activity-log?${query}`)).status]).toEqual([query, 400]);
    }
  });

  it('exports the filtered events as CSV, streamed, cells guarded against formulas', async () => {
    const res = await binary('/api/activity-log/export?format=csv&to=2026-10-31T00:00:00Z').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-log_\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.headers['content-length']).toBeUndefined(); // streamed, not built first
    const text = (res.body as Buffer).toString('utf8');
    expect(
      text.startsWith('\uFEFFoccurredAt,action,entityType,entityId,summary,actorId,actorName,actorEmail,credential,requestId,ip,userAgent,details,id\r\n'),
    ).toBe(true);
    const rows = await csvRows(text.slice(1));
    expect(rows).toHaveLength(2501);
    expect(rows[1].slice(0, 5)).toEqual(['2026-10-02T17:39:00.000Z', 'auth.login', 'session', '', 'Event 2499']);
    const byIndex = (i: number) => rows[2500 - i];
    expect(byIndex(7)[4]).toBe('\'=HYPERLINK("http://evil.example","clic")');
    expect(byIndex(0)[12]).toBe('{"rowCount":3,"note":"coma, \\"comillas\\""}');
    const filtered = await csvRows(
      (await binary('/api/activity-log/export?entityType=driver&from=2026-10-01T00:00:00Z&to=2026-10-01T00:20:00Z').expect(200)).body.toString('utf8').slice(1),
    );
    expect(filtered.slice(1).map((row) => row[3])).toEqual(['driver-20', 'driver-10', 'driver-0']);
  });

  it('exports as .xlsx through the streaming writer, readable by exceljs', async () => {
    const res = await binary('/api/activity-log/export?format=xlsx&to=2026-10-31T00:00:00Z').expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new Workbook();
    await workbook.xlsx.load(res.body);
    const sheet = workbook.getWorksheet('Activity')!;
    expect(sheet.actualRowCount).toBe(2501);
    expect(sheet.getRow(1).getCell(5).value).toBe('summary');
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date('2026-10-02T17:39:00.000Z'));
    expect(sheet.getRow(2).getCell(5).value).toBe('Event 2499');
    expect(sheet.getRow(2501 - 7).getCell(5).value).toBe('\'=HYPERLINK("http://evil.example","clic")');
  });

  it('records each export once it is sent, outside the file', async () => {
    const events = await call('/api/activity-log?action=activity_log.export').expect(200);
    expect(events.body.data.length).toBeGreaterThanOrEqual(2);
    expect(events.body.data[0]).toMatchObject({ resourceType: 'activity_log', details: { completed: true } });
  });

  it('refuses more than 100 000 events with a 400 asking to narrow, before any byte', async () => {
    const big = await createTenant(t.app);
    const documents = Array.from({ length: 100_001 }, (_, i) => ({
      clientId: big.clientId,
      actor: { credential: 'none' },
      action: 'auth.login_failed',
      resourceType: 'session',
      summary: 's',
      occurredAt: new Date(START + i),
    }));
    for (let i = 0; i < documents.length; i += 20_000) await t.connection.collection('activity_events').insertMany(documents.slice(i, i + 20_000));
    const res = await call('/api/activity-log/export', big.admin.token).expect(400);
    expect(res.body).toEqual({ error: 'The export would hold 100001 events; at most 100000: narrow it with from and to, action, entityType or actorId.' });
    const narrowed = await binary(`/api/activity-log/export?to=${new Date(START + 9).toISOString()}`)
      .set('Authorization', `Bearer ${big.admin.token}`)
      .expect(200);
    expect((await csvRows(narrowed.body.toString('utf8').slice(1))).length).toBe(11);
  }, 120_000);

  it('401, 403 without access_activity_log, another client sees none of these events, bad format 400', async () => {
    await request(t.server).get('/api/activity-log').expect(401);
    await request(t.server).get('/api/activity-log/export').expect(401);
    await call('/api/activity-log', 'sess_nonsense').expect(401);
    const viewer = await tenant.addUser({ permissions: NO_PERMISSIONS });
    await call('/api/activity-log', viewer.token).expect(403);
    await call('/api/activity-log/export', viewer.token).expect(403);
    const other = await createTenant(t.app);
    expect((await call('/api/activity-log?action=driver.update', other.admin.token).expect(200)).body.data).toEqual([]);
    const otherCsv = await binary('/api/activity-log/export?action=driver.update').set('Authorization', `Bearer ${other.admin.token}`).expect(200);
    expect((await csvRows(otherCsv.body.toString('utf8').slice(1))).length).toBe(1);
    expect((await call('/api/activity-log/export?format=pdf').expect(400)).body).toEqual({ error: 'format must be csv or xlsx' });
    await call('/api/activity-log/export?limit=5').expect(400);
  });
});

function withoutUndefinedFields<T extends object>(document: T): T {
  return Object.fromEntries(Object.entries(document).filter(([, value]) => value !== undefined)) as T;
}
