import { DetectedEvent, DetectorState, Fix, spotOf } from './detector-state';
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
 * `tracker.online`.
 */
export function detect(state: DetectorState, fixes: readonly Fix[], context: DetectorContext): DetectedEvent[] {
  const events: DetectedEvent[] = [];
  for (const fix of fixes) {
    if (state.lastTs !== null && fix.ts <= state.lastTs) continue;
    const located = spotOf(fix);
    const spot = located ?? (state.last ? { ...state.last, ts: fix.ts, speed: fix.speed } : null);
    if (!spot) {
      state.lastTs = fix.ts;
      continue;
    }
    if (state.offline) {
      if (!state.offline.silent) events.push({ type: 'tracker.online', at: spot, details: { offlineSeconds: Math.round(fix.ts - state.offline.lastFixAt) } });
      state.offline = null;
    }
    if (located) events.push(...fenceEvents(state, located, context));
    events.push(...speedingEvents(state, fix, spot, speedLimitAt(state, context, context.settings.speedLimitKmh)));
    events.push(...idlingEvents(state, fix, spot, context.settings.idleMinutes));
    events.push(...ignitionEvents(state, fix, spot));
    events.push(...temperatureEvents(state, fix, spot, context.settings.temperature));
    if (located) state.last = located;
    state.lastTs = fix.ts;
  }
  return events;
}
