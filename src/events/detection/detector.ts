import { Injectable } from '@nestjs/common';
import { judgeFix } from '../../positions';
import { DetectionRule, DetectorContext, FixMoment, FleetEventRule } from './detection-rule';
import { DetectedEvent, DetectorState, Fix, Spot, spotOf } from './detector-state';

export type { DetectorContext } from './detection-rule';

/**
 * The rules over fixes in time order, from a state to the next (pure: the detection service
 * loads and stores the state). A fix without a position updates ignition, idling and
 * temperature from the last known place. A fix no vehicle could have reached from the last one
 * (docs/events.md, "Clocks, jumps, resets and jitter") is read as a fix without a position or
 * speed; once a second fix agrees with it, the asset is there, without a path (no interpolated
 * crossing) from before.
 */
export function detect(state: DetectorState, fixes: readonly Fix[], context: DetectorContext, rules: readonly DetectionRule[]): DetectedEvent[] {
  const events: DetectedEvent[] = [];
  for (const sent of fixes) {
    if (state.lastTs !== null && sent.ts <= state.lastTs) continue;
    const { fix, located, continuous } = judged(state, sent);
    const spot = located ?? (state.last ? { ...state.last, ts: fix.ts, speed: fix.speed } : null);
    if (!spot) {
      state.lastTs = fix.ts;
      continue;
    }
    const moment: FixMoment = { state, fix, spot, located, continuous, context };
    for (const rule of rules) events.push(...rule.eventsAt(moment));
    if (located) state.last = located;
    state.lastTs = fix.ts;
  }
  return events;
}

/** `tracker.online` at the first fix after the offline check's mark: before every other rule. */
@Injectable()
@FleetEventRule()
export class OnlineRule implements DetectionRule {
  readonly order = 0;

  eventsAt({ state, fix, spot }: FixMoment): DetectedEvent[] {
    const offline = state.offline;
    if (!offline) return [];
    state.offline = null;
    return offline.silent ? [] : [{ type: 'tracker.online', at: spot, details: { offlineSeconds: Math.round(fix.ts - offline.lastFixAt) } }];
  }
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
