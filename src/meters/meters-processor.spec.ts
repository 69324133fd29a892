import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { TenantRepository } from '@app/database';
import { TelemetryPoint, TrackerOwnership } from '../positions';
import { MeterFolds } from './meter-folds';
import { MetersProcessor } from './meters-processor';
import { MetersRecent, RecentEntry } from './meters-recent';
import { ReachedMeterWatches } from './reached-meter-watches';
import { AssetMeter } from './schemas/asset-meter.schema';

const M = 1 / 111_320;
const T0 = 1_790_000_000;
/** A fix `northM` metres north of the start, driving with the ignition on. */
const fix = (ts: number, northM: number): TelemetryPoint => ({
  ts,
  lat: -33.45 + northM * M,
  lng: -70.65,
  speed: 36,
  alt: null,
  dir: null,
  temps: {},
  ignition: true,
});

/**
 * The meters processor and the real fold over an in-memory `asset_meters` record whose fold write
 * can be held open: what a read answers while it is open is the record before the fold, as a
 * database answers a read that overtakes a write.
 */
function metersOver() {
  const asset = { clientId: new Types.ObjectId(), trackerId: new Types.ObjectId(), vendorId: 1, assetId: new Types.ObjectId() };
  const stored = { _id: asset.assetId, clientId: asset.clientId, odometerKm: 0, engineHours: 0, foldSeq: 0, watch: null, readingTs: null };
  let gate = Promise.resolve();
  const written: RecentEntry[][] = [];
  const meters = {
    findByIds: () => Promise.resolve([{ ...stored }]),
    upsertEach: async (_scope: unknown, ops: Array<{ update: { $inc: { odometerKm: number; engineHours: number; foldSeq: number } } }>) => {
      await gate;
      for (const { update } of ops) {
        stored.odometerKm += update.$inc.odometerKm;
        stored.engineHours += update.$inc.engineHours;
        stored.foldSeq += update.$inc.foldSeq;
      }
    },
  } as unknown as TenantRepository<AssetMeter>;
  const recent = { write: (entries: RecentEntry[]) => Promise.resolve(void written.push(entries)) } as unknown as MetersRecent;
  const ownership = { partitionOf: () => 0, holdsTracker: () => true } as unknown as TrackerOwnership;
  const processor = new MetersProcessor(
    meters,
    recent,
    new MeterFolds(meters, recent),
    { tell: () => Promise.resolve() } as unknown as ReachedMeterWatches,
    ownership,
    { get: () => true } as unknown as AppConfig,
  );
  const hold = () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    return () => open();
  };
  return { processor, asset, stored, written, hold };
}

describe('MetersProcessor', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps its count and fold sequence when the meters are read again while its fold is being written', async () => {
    const { processor, asset, stored, written, hold } = metersOver();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(T0 * 1000);
    await processor.prepare([asset]);
    await processor.advance([{ ...asset, fixes: [fix(T0, 0), fix(T0 + 10, 100)] }]);

    // A compaction folds the 100 m; its write is slow. A minute on, the next batch reads the meters again meanwhile.
    const release = hold();
    const folding = processor.flush(true);
    clock.mockReturnValue((T0 + 60) * 1000);
    await processor.prepare([asset]);
    release();
    await folding;
    expect(stored).toMatchObject({ odometerKm: expect.closeTo(0.1, 3), foldSeq: 1 });

    // What is counted next names the fold the stored meters are at: readers add it to them.
    await processor.advance([{ ...asset, fixes: [fix(T0 + 70, 700)] }]);
    await processor.flush(false);
    expect(written.at(-1)).toEqual([expect.objectContaining({ km: expect.closeTo(0.6, 2), foldSeq: stored.foldSeq })]);
  });
});
