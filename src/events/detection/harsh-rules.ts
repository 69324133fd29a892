import { Injectable } from '@nestjs/common';
import { HARSH_KINDS, type HarshKind } from '../../positions';
import { DetectionRule, FixMoment, FleetEventRule } from './detection-rule';
import type { DetectedEvent, DetectorState, Fix, HarshState, Spot } from './detector-state';

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

/** The change of course from one heading to another (each 0..360°), wrapped to −180..180°. */
export function turnDegrees(from: number, to: number): number {
  // Two comparisons, not a floating-point modulo: this runs for every fix of the fleet.
  const turn = to - from;
  return turn > 180 ? turn - 360 : turn < -180 ? turn + 360 : turn;
}

// One pair's rates at a time, reused: this runs for every fix of the fleet.
const rates: Rates = { acceleration: 0, braking: 0, cornering: null };

/**
 * What a pair of fixes measures against each threshold; null when they make no pair (dt ≤ 0 or
 * over 5 s). The answer is overwritten by the next call.
 */
export function pairRates(prev: PairEnd, next: { ts: number; speed: number; dir?: number | null }): Readonly<Rates> | null {
  const dt = next.ts - prev.ts;
  if (!(dt > 0) || dt > HARSH_MAX_GAP_S) return null;
  const change = (next.speed - prev.speed) / dt;
  rates.acceleration = change;
  rates.braking = -change;
  rates.cornering = null;
  if (prev.dir !== null && next.dir != null && prev.speed >= CORNERING_MIN_KMH && next.speed >= CORNERING_MIN_KMH) {
    const metresPerSecond = (prev.speed + next.speed) / 2 / 3.6;
    const radiansPerSecond = (Math.abs(turnDegrees(prev.dir, next.dir)) * (Math.PI / 180)) / dt;
    rates.cornering = (metresPerSecond * radiansPerSecond) / G;
  }
  return rates;
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
  if (!usable && !flags) return [];
  const harsh = (state.harsh ??= {});
  const events: DetectedEvent[] = [];
  if (usable) {
    const prev = harsh.prev;
    const speed = fix.speed!;
    const pair = continuous && prev ? pairRates(prev, { ts: fix.ts, speed, dir: fix.dir }) : null;
    // Most pairs are gentle with nothing under way: nothing to step.
    if (harsh.open || (pair && overAny(pair))) stepEpisodes(harsh, pair, flags, events);
    // On the ingestion path: the last fix is updated in place, not allocated anew.
    if (prev) {
      prev.ts = fix.ts;
      prev.lat = located.lat;
      prev.lng = located.lng;
      prev.speed = speed;
      prev.dir = fix.dir ?? null;
    } else harsh.prev = { ts: fix.ts, lat: located.lat, lng: located.lng, speed, dir: fix.dir ?? null };
  }
  if (flags) for (const kind of HARSH_KINDS) if (flags[kind] !== undefined) deviceFlag(harsh, kind, flags[kind], spot, events);
  return events;
}

const isOver = (pair: Readonly<Rates>, kind: HarshKind) => pair[kind] !== null && pair[kind] >= HARSH_THRESHOLDS[kind] - EPSILON;
const overAny = (pair: Readonly<Rates>) =>
  pair.acceleration! >= HARSH_THRESHOLDS.acceleration - EPSILON ||
  pair.braking! >= HARSH_THRESHOLDS.braking - EPSILON ||
  (pair.cornering !== null && pair.cornering >= HARSH_THRESHOLDS.cornering - EPSILON);

/** Each kind's episode moved on by a pair (null: a break, which ends them all). */
function stepEpisodes(harsh: HarshState, pair: Readonly<Rates> | null, flags: Fix['harsh'], events: DetectedEvent[]): void {
  for (const kind of HARSH_KINDS) {
    const over = pair !== null && isOver(pair, kind);
    if (harsh.open?.[kind] && (pair === null || (!over && flags?.[kind] === undefined))) closeEpisode(harsh, kind, events);
    if (!over) continue;
    const rate = pair[kind]!;
    const episode = ((harsh.open ??= {})[kind] ??= { since: spotOfEnd(harsh.prev!), peak: rate });
    episode.peak = Math.max(episode.peak ?? rate, rate);
  }
}

const spotOfEnd = (end: PairEnd): Spot => ({ ts: end.ts, lat: end.lat, lng: end.lng, speed: end.speed });

/** An episode over: its event, unless the device told it. */
function closeEpisode(harsh: HarshState, kind: HarshKind, events: DetectedEvent[]): void {
  const episode = harsh.open![kind]!;
  delete harsh.open![kind];
  if (Object.keys(harsh.open!).length === 0) delete harsh.open;
  if (!episode.device && episode.peak !== null)
    events.push({ type: `harsh.${kind}`, at: episode.since, details: { peak: round2(episode.peak), thresholdValue: HARSH_THRESHOLDS[kind] } });
}

/** The device's own flag: its event at once, once per episode (a run of flagged or over-threshold fixes). */
function deviceFlag(harsh: HarshState, kind: HarshKind, value: number | null, spot: Spot, events: DetectedEvent[]): void {
  const episode = ((harsh.open ??= {})[kind] ??= { since: spot, peak: null });
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
