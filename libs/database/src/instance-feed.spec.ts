import type { Collection } from 'mongodb';
import { Types } from 'mongoose';
import { eventually } from '@app/testing/webhook-receiver';
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
const note = (text: string, at = Date.now()): Note => ({ _id: Types.ObjectId.createFromTime(Math.floor(at / 1000)), text });

describe('InstanceFeed', () => {
  it('reads what was written, again over the clock skew, and `once` tells each key once', async () => {
    const collection = feedCollection();
    const told: string[] = [];
    const feed = new InstanceFeed<Note>(collection, { what: 'notes', pollMs: 10, read: ({ text }) => feed.once(text) && told.push(text) });
    feed.start();
    await feed.write([note('a'), note('b')]);
    await eventually(() => collection.reads >= 3, 'three reads', 5000);
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
      listening: () => listening,
      read: ({ text }) => feed.once(text) && told.push(text),
    });
    feed.start();
    await feed.write([note('unheard')]);
    await pause(40);
    expect(collection.reads).toBe(0);
    listening = true;
    await eventually(() => collection.reads > 0, 'a read', 5000);
    failing = false;
    await eventually(() => told.length > 0, 'the note told', 5000);
    feed.stop();
    expect(told).toEqual(['unheard']);
  });

  it('prunes what is older than it keeps', async () => {
    const collection = feedCollection();
    const feed = new InstanceFeed<Note>(collection, { what: 'notes', pollMs: 10, read: () => undefined });
    await feed.write([note('old', Date.now() - FEED_KEEPS_MS - 5000), note('new')]);
    await feed.prune();
    expect(collection.stored.map(({ text }) => text)).toEqual(['new']);
  });
});
