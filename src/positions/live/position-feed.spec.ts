import type { AppConfig } from '@app/config';
import type { LatestPositionStore } from '../store/latest-position.store';
import type { TrackerOwnership } from '../pipeline/tracker-ownership';
import { PositionFeed } from './position-feed.service';
import { DomainEvents } from '@app/bus';
import { POSITION_UPDATED, PositionUpdates } from './position-updates';

/**
 * The change-stream side of the feed against a stand-in of the driver's ChangeStream: there is no
 * MongoDB replica set on this machine (mongo-java-server has no change streams), so this is the
 * only test of that path; the polling side runs end to end in positions-stream.e2e-spec.ts.
 */
class StandInChangeStream {
  private readonly queued: Array<LogChange | Error> = [];
  private waiting: { resolve: (value: unknown) => void; reject: (error: Error) => void } | null = null;
  closed = false;

  constructor(private readonly refusal?: Error) {}

  async tryNext(): Promise<unknown> {
    if (this.refusal) throw this.refusal;
    return this.take() ?? null;
  }

  next(): Promise<unknown> {
    const item = this.take();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  emit(item: LogChange | Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (!waiting) this.queued.push(item);
    else if (item instanceof Error) waiting.reject(item);
    else waiting.resolve(item);
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private take(): unknown {
    const item = this.queued.shift();
    if (item instanceof Error) throw item;
    return item;
  }
}

/** A change of the log: an entry written `done` with one tracker's new position. */
type LogChange = { fullDocument: { state: 'pending' | 'done'; at: number; latest: Record<string, object> } };
const record = (id: string, ts: number, state: 'pending' | 'done' = 'done'): LogChange => ({
  fullDocument: { state, at: ts * 1000, latest: { [id.repeat(24)]: { vendorId: 1, ts, lat: 1, lng: 2, speed: null, dir: null, alt: null, ignition: null } } },
});
const settle = () => new Promise((resolve) => setImmediate(resolve));

function feedOn(changes: StandInChangeStream) {
  const store = { watchChanges: () => changes, changedSince: async () => [] } as unknown as LatestPositionStore;
  const config = { get: () => 60_000, runsBackgroundWork: true } as unknown as AppConfig;
  const bus = new DomainEvents();
  const updates = new PositionUpdates(bus);
  const seen: number[] = [];
  bus.on(POSITION_UPDATED, (update) => void seen.push(update.ts));
  const ownership = { instanceId: 'this-instance' } as unknown as TrackerOwnership;
  return { feed: new PositionFeed(store, updates, ownership, config), seen };
}

describe('PositionFeed on a server with change streams', () => {
  it('passes on the new positions of every log entry written done, the one already there when it opened included', async () => {
    const changes = new StandInChangeStream();
    changes.emit(record('a', 10));
    const { feed, seen } = feedOn(changes);
    await feed.onApplicationBootstrap();
    await feed.started;
    expect(feed.mode).toBe('change-stream');
    changes.emit(record('b', 20));
    changes.emit(record('c', 25, 'pending')); // not processed yet: its owner completes it
    changes.emit(record('a', 30));
    await settle();
    expect(seen).toEqual([10, 20, 30]);
    await feed.onModuleDestroy();
    expect(changes.closed).toBe(true);
  });

  it('polls where the server refuses a change stream, as mongo-java-server and a standalone mongod do', async () => {
    const { feed } = feedOn(new StandInChangeStream(new Error('The $changeStream stage is only supported on replica sets')));
    await feed.onApplicationBootstrap();
    expect(feed.mode).toBe('polling');
    await feed.onModuleDestroy();
  });

  it('falls back to polling when the change stream fails for good, and closes it', async () => {
    const changes = new StandInChangeStream();
    const { feed, seen } = feedOn(changes);
    await feed.onApplicationBootstrap();
    changes.emit(record('a', 10));
    await settle();
    changes.emit(new Error('not resumable'));
    await settle();
    await settle();
    expect(seen).toEqual([10]);
    expect(feed.mode).toBe('polling');
    expect(changes.closed).toBe(true);
    await feed.onModuleDestroy();
  });
});
