import { Types } from 'mongoose';
import { checkpointDue, droppedBy, METER_CHECKPOINT_EVERY_S, METER_CHECKPOINTS_SPAN_S } from './meter-checkpoints';

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

describe('droppedBy', () => {
  const a = new Types.ObjectId();
  const b = new Types.ObjectId();
  const DAY = METER_CHECKPOINTS_SPAN_S;

  it('drops nothing when nothing was added or replayed', () => {
    expect(droppedBy([])).toBeNull();
  });

  it('drops each asset’s checkpoints more than a day older than the one it added, under the latest of those times', () => {
    expect(droppedBy([
      { assetId: a, added: checkpoint(100_000), replayedFrom: null },
      { assetId: b, added: checkpoint(100_300), replayedFrom: null },
    ])).toEqual({ ts: { $lt: 100_300 - DAY }, $or: [{ assetId: a, ts: { $lt: 100_000 - DAY } }, { assetId: b, ts: { $lt: 100_300 - DAY } }] });
  });

  it('drops those after the one replayed from, but not the one added in the same batch', () => {
    expect(droppedBy([{ assetId: a, added: null, replayedFrom: 600 }])).toEqual({ ts: { $gt: 600 }, $or: [{ assetId: a, ts: { $gt: 600 } }] });
    expect(droppedBy([{ assetId: a, added: null, replayedFrom: 900 }, { assetId: b, added: checkpoint(1800), replayedFrom: 600 }])).toEqual({
      $or: [
        { ts: { $gt: 600 }, $or: [{ assetId: a, ts: { $gt: 900 } }, { assetId: b, ts: { $gt: 600, $lt: 1800 } }] },
        { ts: { $lt: 1800 - DAY }, $or: [{ assetId: b, ts: { $lt: 1800 - DAY } }] },
      ],
    });
  });
});
