import { Injectable } from '@nestjs/common';
import { HARSH_KINDS, type HarshKind } from '../../positions';
import { DetectionRule, FixMoment, FleetEventRule } from './detection-rule';
import type { DetectedEvent, DetectorState, Fix, HarshEpisode, HarshState, Spot } from './detector-state';

/** Fixes further apart than this make no pair: a sparse track never makes a harsh event. */
export const HARSH_MAX_GAP_S = 5;
/** Below this speed at either fix a receiver's course is noise: no cornering is read from it. */
export const CORNERING_MIN_KMH = 10;
/** The thresholds: km/h gained or lost per second, and lateral acceleration (speed × turn rate) in g. */
export const HARSH_THRESHOLDS: Readonly<Record<HarshKind, number>> = { acceleration: 12, braking: 14, cornering: 0.4 };
const G = 9.81;
/** Floating-point slack, so a value exactly at a threshold counts. */
const EPSILON = 1e-9;

type Rates = Record<HarshKind, number | null>;
type PairEnd = NonNullable<HarshState['prev']>;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The change of course from one heading to another, wrapped to −180..180°. */
export function turnDegrees(from: number, to: number): number {
  return ((((to - from) % 360) + 540) % 360) - 180;
}

/** What a pair of fixes measures against each threshold; null when they make no pair (dt ≤ 0 or over 5 s). */
export function pairRates(prev: PairEnd, next: { ts: number; speed: number; dir: number | null }): Rates | null {
  const dt = next.ts - prev.ts;
  if (!(dt > 0) || dt > HARSH_MAX_GAP_S) return null;
  const change = (next.speed - prev.speed) / dt;
  let cornering: number | null = null;
  if (prev.dir !== null && next.dir !== null && Math.min(prev.speed, next.speed) >= CORNERING_MIN_KMH) {
    const metresPerSecond = (prev.speed + next.speed) / 2 / 3.6;
    const radiansPerSecond = (Math.abs(turnDegrees(prev.dir, next.dir)) * (Math.PI / 180)) / dt;
    cornering = (metresPerSecond * radiansPerSecond) / G;
  }
  return { acceleration: change, braking: -change, cornering };
}

/**
 * Harsh acceleration, braking and cornering (docs/events.md, "Harsh driving"), from consecutive
 * usable fixes (a speed and a position no vehicle refuses) at most 5 s apart: an episode is a run
 * of pairs over the threshold, told once it ends (at the next pair under it, or a break: a gap, a
 * jump), dated at its first fix with its peak. A fix without speed or with a refused position
 * makes no pair and breaks none. A device's own flag is told at once, at its fix; the episode it
 * falls in is then not told again from the fixes.
 */
export function harshEvents(state: DetectorState, fix: Fix, spot: Spot, located: Spot | null, continuous: boolean): DetectedEvent[] {
  const flags = fix.harsh;
  const usable = located !== null && fix.speed !== null;
  if (!usable && !flags && !state.harsh?.open) return [];
  const harsh = (state.harsh ??= {});
  const open = (harsh.open ??= {});
  const events: DetectedEvent[] = [];
  if (usable) {
    const next = { ts: fix.ts, speed: fix.speed!, dir: fix.dir ?? null };
    const rates = continuous && harsh.prev ? pairRates(harsh.prev, next) : null;
    for (const kind of HARSH_KINDS) {
      const rate = rates?.[kind] ?? null;
      const over = rate !== null && rate >= HARSH_THRESHOLDS[kind] - EPSILON ? rate : null;
      const flagged = flags?.[kind] !== undefined;
      if (open[kind] && (rates === null || (over === null && !flagged))) closeEpisode(open, kind, events);
      if (over !== null) {
        const episode = (open[kind] ??= { since: spotOfEnd(harsh.prev!), peak: over });
        episode.peak = Math.max(episode.peak ?? over, over);
      }
    }
    harsh.prev = { ts: fix.ts, lat: located.lat, lng: located.lng, speed: next.speed, dir: next.dir };
  }
  if (flags) for (const kind of HARSH_KINDS) if (flags[kind] !== undefined) deviceFlag(open, kind, flags[kind], spot, events);
  if (Object.keys(open).length === 0) delete harsh.open;
  return events;
}

const spotOfEnd = (end: PairEnd): Spot => ({ ts: end.ts, lat: end.lat, lng: end.lng, speed: end.speed });

/** An episode over: its event, unless the device told it. */
function closeEpisode(open: Partial<Record<HarshKind, HarshEpisode>>, kind: HarshKind, events: DetectedEvent[]): void {
  const episode = open[kind]!;
  delete open[kind];
  if (!episode.device && episode.peak !== null)
    events.push({ type: `harsh.${kind}`, at: episode.since, details: { peak: round2(episode.peak), thresholdValue: HARSH_THRESHOLDS[kind] } });
}

/** The device's own flag: its event at once, once per episode (a run of flagged or over-threshold fixes). */
function deviceFlag(open: Partial<Record<HarshKind, HarshEpisode>>, kind: HarshKind, value: number | null, spot: Spot, events: DetectedEvent[]): void {
  const episode = (open[kind] ??= { since: spot, peak: null });
  if (episode.device) return;
  episode.device = true;
  events.push({ type: `harsh.${kind}`, at: spot, details: { peak: value, thresholdValue: null, source: 'device' } });
}

/** `harsh.acceleration`, `harsh.braking`, `harsh.cornering` (after the motion rules: it reads nothing of theirs). */
@Injectable()
@FleetEventRule()
export class HarshDrivingRule implements DetectionRule {
  readonly order = 45;

  eventsAt({ state, fix, spot, located, continuous }: FixMoment): DetectedEvent[] {
    return harshEvents(state, fix, spot, located, continuous);
  }
}
