import { Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { TelemetryLog } from '../store/telemetry-log';
import { TelemetryStoreWriter } from '../store/telemetry-store-writer.service';
import { TelemetryCompaction } from './telemetry-compaction.service';
import { TrackerOwnership } from './tracker-ownership';
import { AbsorbedEntry, TrackerPipeline } from './tracker-pipeline.service';
import { TrackerProcessors } from './tracker-processor';
import { TrackerStates } from './tracker-states';

/**
 * The compaction's promises to its callers, over stand-ins of what it writes to: the log entries a
 * pipeline absorbed are what it removes, and a removal can be held open to overlap two calls.
 */
function compactionOver({ held }: { held: (partition: number) => boolean }) {
  const absorbed: AbsorbedEntry[] = [];
  const removed: string[][] = [];
  let gate: Promise<void> = Promise.resolve();
  const pipeline = {
    takeAbsorbed: () => absorbed.splice(0),
    giveBack: (entries: AbsorbedEntry[]) => absorbed.push(...entries),
  } as unknown as TrackerPipeline;
  const states = {
    values: () => [][Symbol.iterator](),
    capture: () => ({ write: () => Promise.resolve(), abandon: () => undefined }),
    forgetQuiet: () => [],
  } as unknown as TrackerStates;
  const log = {
    remove: async (ids: Types.ObjectId[]) => {
      await gate;
      removed.push(ids.map((id) => id.toHexString()));
    },
  } as unknown as TelemetryLog;
  const config = { get: () => 10 } as unknown as AppConfig;
  const compaction = new TelemetryCompaction(
    pipeline,
    states,
    {} as TelemetryStoreWriter,
    log,
    { all: [] } as unknown as TrackerProcessors,
    { holds: held } as unknown as TrackerOwnership,
    config,
  );
  const entry = (p: number): AbsorbedEntry => {
    const absorbedEntry = { id: new Types.ObjectId(), p };
    absorbed.push(absorbedEntry);
    return absorbedEntry;
  };
  const hold = () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    return () => open();
  };
  return { compaction, entry, removed, hold, absorbedLeft: () => absorbed };
}

describe('TelemetryCompaction', () => {
  it('answers a call made while a compaction runs once a compaction begun after it has written what came meanwhile', async () => {
    const { compaction, entry, removed, hold } = compactionOver({ held: () => true });
    const first = entry(1);
    const release = hold();
    const running = compaction.compact();
    // A batch absorbed while the first one writes, then a partition given up: its compaction must take that batch.
    const later = entry(1);
    const givingUp = compaction.compact();
    const alsoWaiting = compaction.compact();
    release();
    await Promise.all([running, givingUp, alsoWaiting]);
    expect(removed).toEqual([[first.id.toHexString()], [later.id.toHexString()]]);
  });

  it('leaves in the log the entries of a partition whose lease this instance no longer holds (the new owner takes them up)', async () => {
    const { compaction, entry, removed, absorbedLeft } = compactionOver({ held: (partition) => partition !== 2 });
    const kept = entry(1);
    entry(2);
    await compaction.compact();
    expect(removed).toEqual([[kept.id.toHexString()]]);
    // Nor given back: the next compaction does not remove them either.
    expect(absorbedLeft()).toEqual([]);
  });
});
