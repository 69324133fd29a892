import mongoose, { Connection, Schema, Types } from 'mongoose';
import { DomainException } from '@app/errors';
import { scopeOfClient, TenantRepository, type TenantQuery, type TrackerScopeLike } from '@app/database';
import { Asset, AssetSchema, AssetVisibility } from '@app/fleet';

/**
 * The tenant repository against the real test database: client and tracker scope on every read,
 * keyset pages, shared records, records owned by an asset (with the fleet's real AssetVisibility),
 * and the guards against queries or updates that name a client.
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
    const model = connection.model<Note>(
      'Note',
      new Schema<Note>({ clientId: Schema.Types.ObjectId, trackerId: Schema.Types.ObjectId, title: String, dueAt: Date, scope: String }),
    );
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

  describe('records owned by an asset: visible exactly when their asset is', () => {
    interface Finding {
      clientId?: Types.ObjectId | null;
      assetId?: Types.ObjectId;
      title: string;
      seen?: boolean;
    }
    let findings: TenantRepository<Finding>;
    const onlyTruck = { clientId: mine, trackerScope: limitedTo([truck]) };
    const titles = (records: Array<{ title: string }>) => records.map((record) => record.title).sort();
    const idOf = async (title: string) => (await findings.find(me, { title }))[0]._id.toHexString();

    beforeAll(async () => {
      const assetModel = connection.model<Asset>(Asset.name, AssetSchema);
      const assets = new TenantRepository<Asset>(assetModel, { trackerField: 'mainTrackerId' });
      const asset = (clientId: Types.ObjectId, name: string, mainTrackerId?: Types.ObjectId, archivedAt: Date | null = null) =>
        assets.create(scopeOfClient(clientId), { name, kind: 'truck', mainTrackerId, archivedAt });
      const [onTruck, onVan, archivedOnTruck, untracked, ofTheirs] = [
        await asset(mine, 'on the truck', truck),
        await asset(mine, 'on the van', van),
        await asset(mine, 'archived, on the truck', truck, new Date()),
        await asset(mine, 'untracked'),
        await asset(theirs, 'theirs', truck),
      ];
      const model = connection.model<Finding>(
        'Finding',
        new Schema<Finding>({ clientId: Schema.Types.ObjectId, assetId: Schema.Types.ObjectId, title: String, seen: Boolean }),
      );
      findings = new TenantRepository(model, { owner: { field: 'assetId', visibility: new AssetVisibility(assets) } });
      for (const [owner, title] of [
        [onTruck, 'truck'],
        [onVan, 'van'],
        [archivedOnTruck, 'archived'],
        [untracked, 'untracked'],
      ] as const) {
        await findings.create(me, { assetId: owner._id, title });
      }
      await findings.create(me, { title: 'no asset' });
      await findings.create(scopeOfClient(theirs), { assetId: ofTheirs._id, title: 'theirs' });
    });

    it("a caller with every tracker sees all of its client's, archived assets' and asset-less ones too", async () => {
      expect(titles(await findings.find(me, {}))).toEqual(['archived', 'no asset', 'truck', 'untracked', 'van']);
      expect(await findings.findById(me, await idOf('no asset'))).not.toBeNull();
      expect(titles(await findings.find(scopeOfClient(theirs), {}))).toEqual(['theirs']);
    });

    it('a limited caller: list, count, exists, stream and reads by id agree, archived assets included', async () => {
      const visible = ['archived', 'truck'];
      expect(titles(await findings.find(onlyTruck, {}))).toEqual(visible);
      expect(titles((await findings.list(onlyTruck, {}, { limit: 10 })).items)).toEqual(visible);
      expect(await findings.count(onlyTruck, {})).toBe(2);
      expect(await findings.exists(onlyTruck, { title: 'van' })).toBe(false);
      const streamed: Finding[] = [];
      for await (const finding of await findings.stream(onlyTruck, {}, { sort: { _id: 1 } })) streamed.push(finding);
      expect(titles(streamed)).toEqual(visible);
      const ids = await Promise.all(['truck', 'van', 'archived', 'untracked', 'no asset'].map(idOf));
      const byId = await Promise.all(ids.map(async (id) => (await findings.findById(onlyTruck, id))?.title ?? null));
      expect(byId).toEqual(['truck', null, 'archived', null, null]);
      expect(titles(await findings.findByIds(onlyTruck, ids))).toEqual(visible);
    });

    it("a limited caller's writes by filter reach only the records it sees", async () => {
      expect(await findings.updateMany(onlyTruck, {}, { $set: { seen: true } })).toBe(2);
      expect(titles(await findings.find(me, { seen: true }))).toEqual(['archived', 'truck']);
      expect(await findings.deleteMany(onlyTruck, { title: 'van' })).toBe(0);
      expect(await findings.exists(me, { title: 'van' })).toBe(true);
    });

    it("refuses a scope that does not name the caller's trackers", async () => {
      await expect(async () => findings.find({ clientId: mine }, {})).rejects.toThrow('tracker-scoped');
    });
  });

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

  it('refuses at compile time a query that names the client, in a branch too, or is typed as an open record', () => {
    // `npm run typecheck` fails when one of these lines compiles: each is a way to name the client.
    // @ts-expect-error the repository adds the client
    const named: TenantQuery<Note> = { clientId: theirs };
    // @ts-expect-error nor in a branch of $or
    const branch: TenantQuery<Note> = { $or: [{ title: 'x' }, { clientId: theirs }] };
    const open: Record<string, unknown> = { title: 'mine 1' };
    // @ts-expect-error a filter typed as an open record could hold clientId unseen
    const refused = () => notes.find(me, open);
    expect([named, branch, refused]).toHaveLength(3);
  });

  it('never lets a query or an update name the client', async () => {
    await expect(async () => notes.find(me, { clientId: theirs } as never)).rejects.toThrow('must not name clientId');
    await expect(async () => notes.updateMany(me, {}, { $set: { clientId: theirs } })).rejects.toThrow('must not change clientId');
    const [theirNote] = await notes.find(scopeOfClient(theirs), { title: 'theirs 1' });
    expect(await notes.updateRecord(me, theirNote, { $set: { title: 'hijacked' } })).toBeNull();
    expect((await notes.findById(scopeOfClient(theirs), theirNote._id.toHexString()))?.title).toBe('theirs 1');
  });
});
