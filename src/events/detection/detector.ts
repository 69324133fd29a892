import { judgeFix } from '../../positions';
import { DetectedEvent, DetectorState, Fix, Spot, spotOf } from './detector-state';
import { fenceEvents, FenceContext, speedLimitAt } from './fence-rules';
import { idlingEvents, ignitionEvents, speedingEvents } from './motion-rules';
import { temperatureEvents } from './temperature-rules';

export interface DetectorContext extends FenceContext {
  settings: { speedLimitKmh: number | null; idleMinutes: number; temperature: { min: number; max: number } | null };
}

/**
 * Every rule over fixes in time order, from a state to the next (pure: the detection service
 * loads and stores the state). A fix without a position updates ignition, idling and
 * temperature from the last known place; the first fix after the offline check's mark is
 * `tracker.online`. A fix no vehicle could have reached from the last one (docs/events.md,
 * "Clocks, jumps, resets and jitter") is read as a fix without a position or speed; once a second
 * fix agrees with it, the asset is there, without a path (no interpolated crossing) from before.
 */
export function detect(state: DetectorState, fixes: readonly Fix[], context: DetectorContext): DetectedEvent[] {
  const events: DetectedEvent[] = [];
  for (const sent of fixes) {
    if (state.lastTs !== null && sent.ts <= state.lastTs) continue;
    const { fix, located, continuous } = judged(state, sent);
    const spot = located ?? (state.last ? { ...state.last, ts: fix.ts, speed: fix.speed } : null);
    if (!spot) {
      state.lastTs = fix.ts;
      continue;
    }
    if (state.offline) {
      if (!state.offline.silent) events.push({ type: 'tracker.online', at: spot, details: { offlineSeconds: Math.round(fix.ts - state.offline.lastFixAt) } });
      state.offline = null;
    }
    if (located) events.push(...fenceEvents(state, located, context, continuous));
    events.push(...speedingEvents(state, fix, spot, speedLimitAt(state, context, context.settings.speedLimitKmh)));
    events.push(...idlingEvents(state, fix, spot, context.settings.idleMinutes));
    events.push(...ignitionEvents(state, fix, spot));
    events.push(...temperatureEvents(state, fix, spot, context.settings.temperature));
    if (located) state.last = located;
    state.lastTs = fix.ts;
  }
  return events;
}

/** The fix as the rules read it once judged against the asset's last place. */
function judged(state: DetectorState, fix: Fix): { fix: Fix; located: Spot | null; continuous: boolean } {
  const located = spotOf(fix);
  if (!located) return { fix, located, continuous: true };
  const plausibility = { last: state.last, doubt: state.doubt ?? null };
  const verdict = judgeFix(plausibility, located);
  state.doubt = plausibility.doubt;
  if (verdict === 'implausible') return { fix: { ...fix, lat: null, lng: null, speed: null }, located: null, continuous: true };
  return { fix, located, continuous: verdict === 'plausible' };
}
