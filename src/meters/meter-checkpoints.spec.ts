import { Types } from 'mongoose';
import { checkpointDue, droppedAfterReplays, METER_CHECKPOINT_EVERY_S, METER_CHECKPOINTS_SPAN_S, pastTheSpan } from './meter-checkpoints';

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

describe('droppedAfterReplays', () => {
  const a = new Types.ObjectId();
  const b = new Types.ObjectId();

  it('drops nothing when nothing was replayed, even when checkpoints were added (the sweep drops the old ones)', () => {
    expect(droppedAfterReplays([])).toBeNull();
    expect(droppedAfterReplays([{ assetId: a, added: checkpoint(100_000), replayedFrom: null }])).toBeNull();
  });

  it('drops those after the one replayed from, but not the one added in the same batch', () => {
    expect(droppedAfterReplays([{ assetId: a, added: null, replayedFrom: 600 }])).toEqual({ ts: { $gt: 600 }, $or: [{ assetId: a, ts: { $gt: 600 } }] });
    expect(droppedAfterReplays([{ assetId: a, added: null, replayedFrom: 900 }, { assetId: b, added: checkpoint(1800), replayedFrom: 600 }, { assetId: a, added: checkpoint(5000), replayedFrom: null }])).toEqual({
      ts: { $gt: 600 },
      $or: [{ assetId: a, ts: { $gt: 900 } }, { assetId: b, ts: { $gt: 600, $lt: 1800 } }],
    });
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
