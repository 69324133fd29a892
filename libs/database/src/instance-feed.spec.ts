import type { Collection } from 'mongodb';
import { Types } from 'mongoose';
import { FEED_KEEPS_MS, InstanceFeed } from './instance-feed';

interface Note {
  _id: Types.ObjectId;
  text: string;
}

/** A feed collection as the driver answers it, kept in an array: inserts, deletes by `_id` range, finds from an `_id` on. */
function feedCollection(failReads = () => false): Collection & { stored: Note[]; reads: number } {
  const store = { stored: [] as Note[], reads: 0 };
  return Object.assign(store, {
    insertMany: async (writes: Note[]) => void store.stored.push(...writes),
    deleteMany: async ({ _id }: { _id: { $lt: Types.ObjectId } }) => {
      store.stored = store.stored.filter((note) => note._id.toHexString() >= _id.$lt.toHexString());
    },
    find: ({ _id }: { _id: { $gte: Types.ObjectId } }) => ({
      sort: () => ({
        limit: (limit: number) => ({
          toArray: async () => {
            store.reads++;
            if (failReads()) throw new Error('connection reset');
            return store.stored.filter((note) => note._id.toHexString() >= _id.$gte.toHexString()).slice(0, limit);
          },
        }),
      }),
    }),
  }) as unknown as Collection & { stored: Note[]; reads: number };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `done` holds (a loaded machine runs the timers late), at most 5 s. */
async function until(done: () => boolean): Promise<void> {
  for (const started = Date.now(); !done(); await pause(5)) if (Date.now() - started > 5000) throw new Error('timed out');
}
const note = (text: string, at = Date.now()): Note => ({ _id: Types.ObjectId.createFromTime(Math.floor(at / 1000)), text });

describe('InstanceFeed', () => {
  it('reads what was written, again over the clock skew, and `once` tells each key once', async () => {
    const collection = feedCollection();
    const told: string[] = [];
    const feed = new InstanceFeed<Note>(collection, { what: 'notes', pollMs: 10, readLimit: 100, read: ({ text }) => feed.once(text) && told.push(text) });
    feed.start();
    await feed.write([note('a'), note('b')]);
    await until(() => collection.reads >= 3);
    feed.stop();
    expect(told).toEqual(['a', 'b']);
  });

  it('skips its reads while nobody here listens, and goes on after a failed read', async () => {
    let listening = false;
    let failing = true;
    const collection = feedCollection(() => failing);
    const told: string[] = [];
    const feed = new InstanceFeed<Note>(collection, {
      what: 'notes',
      pollMs: 10,
      readLimit: 100,
      listening: () => listening,
      read: ({ text }) => told.push(text),
    });
    feed.start();
    await feed.write([note('unheard')]);
    await pause(40);
    expect(collection.reads).toBe(0);
    listening = true;
    await until(() => collection.reads > 0);
    failing = false;
    await until(() => told.length > 0);
    feed.stop();
    expect(told).toEqual(['unheard']);
  });

  it('prunes what is older than it keeps', async () => {
    const collection = feedCollection();
    const feed = new InstanceFeed<Note>(collection, { what: 'notes', pollMs: 10, readLimit: 100, read: () => undefined });
    await feed.write([note('old', Date.now() - FEED_KEEPS_MS - 5000), note('new')]);
    await feed.prune();
    expect(collection.stored.map(({ text }) => text)).toEqual(['new']);
  });
});
