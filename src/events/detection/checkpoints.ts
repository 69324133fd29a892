import type { StateCheckpoint } from '../schemas/asset-event-state.schema';
import type { DetectorState } from './detector-state';

/** A state is kept at most every this often, for replays of late messages… */
export const CHECKPOINT_EVERY_S = 600;
/** …and for this long: a message later than that is stored, but does not change past events. */
export const CHECKPOINTS_SPAN_S = 24 * 3600;

/**
 * The checkpoints before the state moves on to fixes from `nextTs`: the state as it is now kept
 * (as of its last fix, or just before `nextTs` for a new asset) when the newest kept is old
 * enough, the expired dropped. A late message is then replayed from the newest before it.
 */
export function withCheckpoint(checkpoints: readonly StateCheckpoint[], state: DetectorState, nextTs: number): StateCheckpoint[] {
  const at = state.lastTs ?? nextTs - 1;
  const last = checkpoints.at(-1);
  const kept = checkpoints.filter((checkpoint) => checkpoint.ts >= at - CHECKPOINTS_SPAN_S);
  if (!last || at - last.ts >= CHECKPOINT_EVERY_S) kept.push({ ts: at, state: structuredClone({ ...state, offline: null }) });
  return kept;
}

/** The newest checkpoint before `ts`, and those up to it (the ones after no longer hold once the past changed). */
export function checkpointBefore(checkpoints: readonly StateCheckpoint[], ts: number): { from: StateCheckpoint; kept: StateCheckpoint[] } | null {
  let index = checkpoints.length - 1;
  while (index >= 0 && checkpoints[index].ts >= ts) index--;
  return index < 0 ? null : { from: checkpoints[index], kept: checkpoints.slice(0, index + 1) };
}
