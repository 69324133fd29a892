import { Injectable } from '@nestjs/common';
import { DetectionRule, FixMoment, FleetEventRule } from './detection-rule';
import { confirm, DetectedEvent, DetectorState, Fix, Spot } from './detector-state';
import { speedLimitAt } from './fence-rules';

/** km/h over the limit that confirm speeding (or its end) at once; otherwise a second fix must agree. */
export const SPEED_MARGIN_KMH = 10;
/** Below this, standing still (GPS speed is never exactly 0 while parked). */
export const STILL_KMH = 3;

/** Idling: the ignition on and standing still (the driving scores measure idling time by it too). */
export const isIdlingFix = (fix: { speed: number | null; ignition?: boolean | null }): boolean => fix.ignition === true && (fix.speed ?? 0) < STILL_KMH;

const seconds = (from: Spot, to: Spot) => Math.max(0, Math.round(to.ts - from.ts));

/**
 * `speeding.start` at the first fix over the limit, `speeding.end` at the first back under it —
 * the limit where the asset is at each fix, so leaving a slow zone at road speed ends it.
 */
export function speedingEvents(state: DetectorState, fix: Fix, spot: Spot, limitKmh: number | null): DetectedEvent[] {
  const s = state.speeding;
  if (fix.speed === null) return [];
  const limit = limitKmh;
  if (limit === null) {
    // No limit here any more: a speeding under way ends where the limit ended.
    if (!s.active) return [];
    state.speeding = { active: false };
    return [{ type: 'speeding.end', at: spot, details: { limitKmh: s.limitKmh, maxSpeedKmh: s.maxSpeedKmh, durationSeconds: seconds(s.since!, spot) } }];
  }
  const over = fix.speed > limit;
  // The highest speed of the episode: its fixes over the limit (the one that ends it is not).
  if (s.active && over) s.maxSpeedKmh = Math.max(s.maxSpeedKmh ?? 0, fix.speed);
  if (over === s.active) {
    s.pending = undefined;
    return [];
  }
  const step = confirm(s.pending, over, spot, Math.abs(fix.speed - limit) >= SPEED_MARGIN_KMH);
  if (!step.confirmed) {
    s.pending = step.pending;
    return [];
  }
  if (over) {
    // The episode began at the pending fix: its speed counts toward the maximum too.
    state.speeding = { active: true, since: step.confirmed, limitKmh: limit, maxSpeedKmh: Math.max(fix.speed, step.confirmed.speed ?? 0) };
    return [{ type: 'speeding.start', at: step.confirmed, details: { limitKmh: limit, speedKmh: step.confirmed.speed } }];
  }
  state.speeding = { active: false };
  return [
    {
      type: 'speeding.end',
      at: step.confirmed,
      details: { limitKmh: s.limitKmh, maxSpeedKmh: s.maxSpeedKmh, durationSeconds: seconds(s.since!, step.confirmed) },
    },
  ];
}

/** `idling.start` once standing `idleMinutes` with the ignition on (at the first still fix), `idling.end` when it moves or stops. */
export function idlingEvents(state: DetectorState, fix: Fix, spot: Spot, idleMinutes: number): DetectedEvent[] {
  const s = state.idling;
  if (fix.ignition === undefined || fix.ignition === null) return []; // the device does not say
  const still = isIdlingFix(fix);
  if (still) {
    if (!s.stillSince) s.stillSince = spot;
    if (!s.active && spot.ts - s.stillSince.ts >= idleMinutes * 60) {
      s.active = true;
      return [{ type: 'idling.start', at: s.stillSince, details: { idleMinutes } }];
    }
    return [];
  }
  const since = s.stillSince;
  state.idling = { active: false };
  return s.active && since ? [{ type: 'idling.end', at: spot, details: { durationSeconds: seconds(since, spot) } }] : [];
}

/** `ignition.on` / `ignition.off` when the reported ignition changes (the first report sets it silently). */
export function ignitionEvents(state: DetectorState, fix: Fix, spot: Spot): DetectedEvent[] {
  if (typeof fix.ignition !== 'boolean') return [];
  const previous = state.ignition;
  state.ignition = fix.ignition;
  if (previous === null || previous === fix.ignition) return [];
  return [{ type: fix.ignition ? 'ignition.on' : 'ignition.off', at: spot }];
}

/** `speeding.start` / `speeding.end`, at the limit of where the asset is (after the geofences). */
@Injectable()
@FleetEventRule()
export class SpeedingRule implements DetectionRule {
  readonly order = 20;

  eventsAt({ state, fix, spot, context }: FixMoment): DetectedEvent[] {
    return speedingEvents(state, fix, spot, speedLimitAt(state, context, context.settings.speedLimitKmh));
  }
}

/** `idling.start` / `idling.end`. */
@Injectable()
@FleetEventRule()
export class IdlingRule implements DetectionRule {
  readonly order = 30;

  eventsAt({ state, fix, spot, context }: FixMoment): DetectedEvent[] {
    return idlingEvents(state, fix, spot, context.settings.idleMinutes);
  }
}

/** `ignition.on` / `ignition.off`. */
@Injectable()
@FleetEventRule()
export class IgnitionRule implements DetectionRule {
  readonly order = 40;

  eventsAt({ state, fix, spot }: FixMoment): DetectedEvent[] {
    return ignitionEvents(state, fix, spot);
  }
}
