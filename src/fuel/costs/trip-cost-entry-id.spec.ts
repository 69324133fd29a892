import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { tripCostEntryId } from './trip-fuel-costs.service';

describe('tripCostEntryId', () => {
  it('is the first 12 bytes of the sha256 of asset, tracker and trip: the ids of entries already stored', () => {
    const asset = new Types.ObjectId('65f0a1b2c3d4e5f601234567');
    const tracker = new Types.ObjectId('65f0a1b2c3d4e5f689abcdef');
    const digest = createHash('sha256').update('trip:65f0a1b2c3d4e5f601234567:65f0a1b2c3d4e5f689abcdef:42').digest();
    expect(tripCostEntryId(asset, tracker, 42).toHexString()).toBe(digest.subarray(0, 12).toString('hex'));
  });

  it('differs per asset, tracker and trip', () => {
    const [a, b] = [new Types.ObjectId(), new Types.ObjectId()];
    const ids = new Set([tripCostEntryId(a, b, 1), tripCostEntryId(b, a, 1), tripCostEntryId(a, b, 2), tripCostEntryId(a, a, 1)].map((id) => id.toHexString()));
    expect(ids.size).toBe(4);
  });
});
