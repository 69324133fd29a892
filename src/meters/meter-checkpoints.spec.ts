import { Types } from 'mongoose';
import type { TenantRepository, TenantScope } from '@app/database';
import { checkpointDue, checkpointSlot, MeterCheckpoints, METER_CHECKPOINT_EVERY_S, METER_CHECKPOINTS_SPAN_S, pastTheSpan, slotsBetween } from './meter-checkpoints';
import type { AssetMeterCheckpoint } from './schemas/asset-meter-checkpoint.schema';

const feed = { trackerId: 't', ts: 0, lat: null, lng: null, speed: null, ignition: null, mileage: null };
const checkpoint = (ts: number) => ({ ts, odometerKm: 0, engineHours: 0, feed: { ...feed, ts } });

describe('checkpointDue', () => {
  it('is due without a checkpoint (none yet, or meters stored before lastCheckpointTs existed)', () => {
    expect(checkpointDue(null, 5)).toBe(true);
    expect(checkpointDue(undefined, 5)).toBe(true);
  });

  it('is due once the newest is 10 minutes of fix time old', () => {
    expect(checkpointDue(1000, 1000 + METER_CHECKPOINT_EVERY_S - 1)).toBe(false);
    expect(checkpointDue(1000, 1000 + METER_CHECKPOINT_EVERY_S)).toBe(true);
  });
});

describe('checkpoint slots', () => {
  it('puts checkpoints 10 minutes apart in different slots', () => {
    expect(checkpointSlot(0)).toBe(0);
    expect(checkpointSlot(METER_CHECKPOINT_EVERY_S - 1)).toBe(0);
    expect(checkpointSlot(1000)).not.toBe(checkpointSlot(1000 + METER_CHECKPOINT_EVERY_S));
  });

  it('lists the slots after one checkpoint up to another, newest first', () => {
    expect(slotsBetween(600, 2400)).toEqual([4, 3, 2]);
    expect(slotsBetween(600, 900)).toEqual([]);
  });
});

describe('MeterCheckpoints.newestBefore', () => {
  const assetId = new Types.ObjectId();
  const scope = { clientId: new Types.ObjectId() } as TenantScope;
  /** Checkpoints at these times, and the slot of every read (a lookup each on the unique index). */
  const stored = (times: number[]) => {
    const reads: number[] = [];
    const repository = {
      findOne: async (_: TenantScope, filter: { slot: number }) => {
        reads.push(filter.slot);
        const ts = times.find((time) => checkpointSlot(time) === filter.slot);
        return ts === undefined ? null : checkpoint(ts);
      },
    } as unknown as TenantRepository<AssetMeterCheckpoint>;
    return { checkpoints: new MeterCheckpoints(repository), reads };
  };

  it('reads only the newest one’s slot for a message later than it', async () => {
    const { checkpoints, reads } = stored([0, 600, 1200]);
    expect(await checkpoints.newestBefore(scope, assetId, 1500, 1200, 0)).toMatchObject({ ts: 1200 });
    expect(reads).toEqual([2]);
  });

  it('goes back an hour of slots at a time for an older message, and never past the span', async () => {
    const { checkpoints, reads } = stored([0, 600, 4800]);
    // Before 4000 s: its slot is empty, the hour before it holds 0 and 600 s.
    expect(await checkpoints.newestBefore(scope, assetId, 4000, 4800, 0)).toMatchObject({ ts: 600 });
    expect(reads).toEqual([6, 5, 4, 3, 2, 1, 0]);
    reads.length = 0;
    expect(await checkpoints.newestBefore(scope, assetId, 4000, 4800, 1200)).toBeNull();
    expect(reads).toEqual([6, 5, 4, 3, 2]);
  });

  it('finds nothing without checkpoints', async () => {
    const { checkpoints, reads } = stored([]);
    expect(await checkpoints.newestBefore(scope, assetId, 1000, null, 0)).toBeNull();
    expect(reads).toEqual([]);
  });
});

describe('pastTheSpan', () => {
  const a = new Types.ObjectId();
  const b = new Types.ObjectId();
  const DAY = METER_CHECKPOINTS_SPAN_S;

  it('drops nothing without assets', () => {
    expect(pastTheSpan([])).toBeNull();
  });

  it('drops each asset’s checkpoints more than a day older than its newest, under the latest of those times', () => {
    expect(pastTheSpan([{ assetId: a, lastCheckpointTs: 100_000 }, { assetId: b, lastCheckpointTs: 100_300 }])).toEqual({
      ts: { $lt: 100_300 - DAY },
      $or: [{ assetId: a, ts: { $lt: 100_000 - DAY } }, { assetId: b, ts: { $lt: 100_300 - DAY } }],
    });
  });
});
