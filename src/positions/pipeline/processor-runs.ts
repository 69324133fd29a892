import { Injectable } from '@nestjs/common';
import { TelemetryPointsReader } from '../store/telemetry-points.reader';
import type { TelemetryPoint } from '../telemetry/telemetry-point';
import { CHECKPOINTS_SPAN_S, checkpointDue, NewCheckpoint, TrackerCheckpoints } from './tracker-checkpoints';
import { NewFixes, ProcessedTracker, Replay, TrackerProcessors } from './tracker-processor';
import { TrackerState, uncompactedOf } from './tracker-state';

/** A tracker's first checkpoint is dated this long before its first fix processed (late fixes up to then replay from it). */
const FIRST_CHECKPOINT_LEAD_S = 3600;

/** What trips and the processors take of a tracker in a batch. */
export interface Work {
  state: TrackerState;
  /** The newest fix they had taken before (the state's `processedTs`). */
  seenBefore: number | null;
  /** The fixes after that one, in time order: the batch's, and those a failed batch stored but did not get through. */
  following: TelemetryPoint[];
  /** The oldest fix at or before `seenBefore` not yet replayed (null: none). */
  lateFrom: number | null;
  /** Every new point of the batch, for trips. */
  added: TelemetryPoint[];
}

const processedTracker = (state: TrackerState): ProcessedTracker => ({
  clientId: state.clientId,
  trackerId: state.trackerId,
  vendorId: state.vendorId,
  assetId: state.assetId!,
});

/** The registered processors (fleet events, meters) over a batch's trackers on an asset, with their replays and checkpoints. */
@Injectable()
export class ProcessorRuns {
  constructor(
    private readonly processors: TrackerProcessors,
    private readonly checkpoints: TrackerCheckpoints,
    private readonly reader: TelemetryPointsReader,
  ) {}

  /**
   * The processors over the trackers on an asset: first the late points' replays, then a
   * checkpoint where one is due (the state as of the newest fix before the batch), then the new
   * fixes that follow on.
   */
  async run(work: readonly Work[]): Promise<void> {
    const processors = this.processors.all;
    const onAssets = work.filter(({ state }) => state.assetId !== null);
    if (processors.length === 0 || onAssets.length === 0) return;
    const trackers = onAssets.map(({ state }) => processedTracker(state));
    await Promise.all(processors.map((processor) => processor.prepare(trackers)));

    const replays = (await Promise.all(onAssets.map((item, i) => this.replayOf(item, trackers[i])))).filter((replay) => replay !== null);
    if (replays.length > 0) {
      await Promise.all(
        processors.map((processor) => processor.replay(replays.map(({ replay, states }) => ({ ...replay, snapshot: states[processor.name] })))),
      );
    }

    const due: NewCheckpoint[] = [];
    const batch: NewFixes[] = [];
    onAssets.forEach(({ state, following, seenBefore }, i) => {
      if (following.length === 0) return;
      const at = seenBefore ?? following[0].ts - 1;
      if (checkpointDue(state.checkpointTs, at)) {
        const states = Object.fromEntries(processors.map((processor) => [processor.name, processor.snapshot(trackers[i])]));
        // Before a tracker's first fix the states are those before any of its fixes: the checkpoint
        // is dated earlier, so a first batch overtaken by the next (two instances receiving them at
        // once) is replayed like any late one. The spacing still counts from the first fix.
        const ts = seenBefore === null ? following[0].ts - FIRST_CHECKPOINT_LEAD_S : at;
        due.push({ trackerId: state.trackerId, assetId: state.assetId!, ts, states });
        state.checkpoint = { ts, assetId: state.assetId!.toHexString(), states };
        state.checkpointTs = at;
      }
      batch.push({ ...trackers[i], fixes: following });
    });
    await this.checkpoints.add(due);
    if (batch.length > 0) await Promise.all(processors.map((processor) => processor.advance(batch)));
  }

  /**
   * The replay of a tracker whose batch holds fixes older than the newest processed: from the
   * newest checkpoint before the oldest of them (in memory, or read), over every stored fix since.
   * None when the checkpoint is gone (older than a day): the fixes are stored, the past stays.
   */
  private async replayOf(
    { state, seenBefore, lateFrom }: Work,
    tracker: ProcessedTracker,
  ): Promise<{ replay: Omit<Replay, 'snapshot'>; states: Record<string, unknown> } | null> {
    if (lateFrom === null || seenBefore === null) return null;
    const assetId = tracker.assetId.toHexString();
    const held = state.checkpoint;
    const checkpoint =
      held && held.ts < lateFrom && held.assetId === assetId
        ? held
        : await this.checkpoints
            .newestBefore(state.id, lateFrom, state.checkpointTs, seenBefore - CHECKPOINTS_SPAN_S)
            .then((found) => (found && found.assetId.toHexString() === assetId ? { ts: found.ts, assetId, states: found.states } : null));
    if (!checkpoint) return null;
    const fixes = await this.reader.points(state.id, checkpoint.ts + 0.000001, seenBefore, uncompactedOf(state));
    // The checkpoints after it held a past without the late fixes.
    if (state.checkpointTs !== null && state.checkpointTs > checkpoint.ts) await this.checkpoints.dropAfter(state.id, checkpoint.ts, state.checkpointTs);
    state.checkpoint = checkpoint;
    state.checkpointTs = checkpoint.ts;
    return { replay: { ...tracker, from: checkpoint.ts, to: seenBefore, fixes }, states: checkpoint.states };
  }
}
