import mongoose, { Connection, Schema, Types } from 'mongoose';
import { DomainException } from '@app/errors';
import { scopeOfClient, TenantRepository, type TrackerScopeLike } from '@app/database';

/**
 * The tenant repository against the real test database: client and tracker scope on every read,
 * keyset pages, shared records, and the guards against queries or updates that name a client.
 */
interface Note {
  clientId?: Types.ObjectId | null;
  trackerId?: Types.ObjectId;
  title: string;
  dueAt: Date;
  scope?: 'global';
}

const limitedTo = (ids: Types.ObjectId[]): TrackerScopeLike => ({
  isAll: false,
  trackerIds: ids.map(String),
  includes: (id) => id !== null && id !== undefined && ids.some((allowed) => allowed.equals(id)),
});

describe('TenantRepository', () => {
  let connection: Connection;
  let notes: TenantRepository<Note>;
  let tracked: TenantRepository<Note>;
  const [mine, theirs] = [new Types.ObjectId(), new Types.ObjectId()];
  const [truck, van] = [new Types.ObjectId(), new Types.ObjectId()];
  const me = scopeOfClient(mine);

  beforeAll(async () => {
    connection = await mongoose.createConnection(process.env.MONGODB_URI!).asPromise();
    const model = connection.model<Note>('Note', new Schema<Note>({ clientId: Schema.Types.ObjectId, trackerId: Schema.Types.ObjectId, title: String, dueAt: Date, scope: String }));
    notes = new TenantRepository(model, { shared: { scope: 'global' } });
    tracked = new TenantRepository(model, { trackerField: 'trackerId' });
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
    // 7 of mine (two share a due date), 2 of another client, 1 shared by everyone.
    for (let i = 0; i < 7; i++) await notes.create(me, { title: `mine ${i}`, dueAt: day(i === 6 ? 5 : i), trackerId: i % 2 === 0 ? truck : van });
    await notes.create(scopeOfClient(theirs), { title: 'theirs 0', dueAt: day(1), trackerId: truck });
    await notes.create(scopeOfClient(theirs), { title: 'theirs 1', dueAt: day(2) });
    await model.create({ title: 'for everyone', dueAt: day(3), scope: 'global' });
  });
  afterAll(() => connection.close());

  it('reads a record of another client, or a malformed id, as missing', async () => {
    const [theirNote] = await notes.find(scopeOfClient(theirs), { title: 'theirs 0' });
    expect(await notes.findById(scopeOfClient(theirs), theirNote._id.toHexString())).toMatchObject({ title: 'theirs 0' });
    expect(await notes.findById(me, theirNote._id.toHexString())).toBeNull();
    expect(await notes.findById(me, 'not-an-id')).toBeNull();
    await expect(notes.findByIdOrFail(me, theirNote._id.toHexString(), 'Note')).rejects.toThrow('Note not found');
    expect(await notes.findByIds(me, [theirNote._id.toHexString(), 'x'])).toEqual([]);
  });

  it('pages newest first with a cursor until the last page, each record once', async () => {
    const titles: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await notes.list(me, {}, { limit: 3, cursor });
      expect(page.items.length).toBeLessThanOrEqual(3);
      titles.push(...page.items.map((note) => note.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(titles).toEqual(['mine 6', 'mine 5', 'mine 4', 'mine 3', 'mine 2', 'mine 1', 'mine 0']);
  });

  it('pages by another field with ties broken by id, and keeps a page stable under inserts', async () => {
    const first = await notes.list(me, {}, { limit: 2 }, { sortBy: 'dueAt', direction: 'asc' });
    expect(first.items.map((note) => note.title)).toEqual(['mine 0', 'mine 1']);
    await notes.create(me, { title: 'early insert', dueAt: new Date(Date.UTC(2025, 0, 1)) });
    const rest = await notes.list(me, {}, { limit: 10, cursor: first.nextCursor! }, { sortBy: 'dueAt', direction: 'asc' });
    expect(rest.items.map((note) => note.title)).toEqual(['mine 2', 'mine 3', 'mine 4', 'mine 5', 'mine 6']);
    expect(rest.nextCursor).toBeNull();
    await notes.deleteMany(me, { title: 'early insert' });
  });

  it('refuses a cursor of another list or a forged one with a 400', async () => {
    const byId = await notes.list(me, {}, { limit: 1 });
    for (const cursor of [byId.nextCursor!, 'garbage', Buffer.from('{"k":"dueAt","v":{"$gt":1},"id":"x"}').toString('base64url')]) {
      const refused = await notes.list(me, {}, { limit: 1, cursor }, { sortBy: 'dueAt' }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DomainException);
      expect((refused as DomainException).code).toBe('BAD_REQUEST');
    }
  });

  it('adds the records every client may read only when asked', async () => {
    expect((await notes.find(me, {})).map((note) => note.title)).not.toContain('for everyone');
    expect((await notes.find(me, {}, { includeShared: true })).map((note) => note.title)).toContain('for everyone');
    expect((await notes.find(me, {}, { includeShared: true })).map((note) => note.title)).not.toContain('theirs 0');
  });

  it('applies the tracker scope to tracker-scoped records: reads, lists and counts', async () => {
    const onlyTruck = { clientId: mine, trackerScope: limitedTo([truck]) };
    const all = await tracked.find(me, {});
    const vanNote = all.find((note) => note.trackerId?.equals(van))!;
    expect(await tracked.findById(onlyTruck, vanNote._id.toHexString())).toBeNull();
    expect(await tracked.findById(me, vanNote._id.toHexString())).not.toBeNull();
    expect(await tracked.count(onlyTruck, {})).toBe(4);
    expect((await tracked.list(onlyTruck, { title: { $in: ['mine 1', 'mine 2'] } }, {})).items.map((note) => note.title)).toEqual(['mine 2']);
    await expect(async () => tracked.find({ clientId: mine }, {})).rejects.toThrow('tracker-scoped');
  });

  it('never lets a query or an update name the client', async () => {
    await expect(async () => notes.find(me, { clientId: theirs } as never)).rejects.toThrow('must not name clientId');
    await expect(async () => notes.updateMany(me, {}, { $set: { clientId: theirs } } as never)).rejects.toThrow('must not change clientId');
    const [theirNote] = await notes.find(scopeOfClient(theirs), { title: 'theirs 1' });
    expect(await notes.updateRecord(me, theirNote, { $set: { title: 'hijacked' } })).toBeNull();
    expect((await notes.findById(scopeOfClient(theirs), theirNote._id.toHexString()))?.title).toBe('theirs 1');
  });
});
