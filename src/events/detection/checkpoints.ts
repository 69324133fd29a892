import type { StateCheckpoint } from '../schemas/asset-event-state.schema';
import type { DetectorState } from './detector-state';

/** A state is kept at most every this often, for replays of late messages… */
export const CHECKPOINT_EVERY_S = 600;
/** …and for this long: a message later than that is stored, but does not change past events. */
export const CHECKPOINTS_SPAN_S = 24 * 3600;

/** The checkpoints after a state moved on to `state.lastTs`: a new one if the last is old enough, the expired dropped. */
export function withCheckpoint(checkpoints: readonly StateCheckpoint[], state: DetectorState): StateCheckpoint[] {
  if (state.lastTs === null) return [...checkpoints];
  const last = checkpoints.at(-1);
  const kept = checkpoints.filter((checkpoint) => checkpoint.ts >= state.lastTs! - CHECKPOINTS_SPAN_S);
  if (!last || state.lastTs - last.ts >= CHECKPOINT_EVERY_S) kept.push({ ts: state.lastTs, state: structuredClone({ ...state, offline: null }) });
  return kept;
}

/** The newest checkpoint before `ts`, and those up to it (the ones after no longer hold once the past changed). */
export function checkpointBefore(checkpoints: readonly StateCheckpoint[], ts: number): { from: StateCheckpoint; kept: StateCheckpoint[] } | null {
  let index = checkpoints.length - 1;
  while (index >= 0 && checkpoints[index].ts >= ts) index--;
  return index < 0 ? null : { from: checkpoints[index], kept: checkpoints.slice(0, index + 1) };
}
