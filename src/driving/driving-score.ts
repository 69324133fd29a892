import type { DrivingTally } from './driving-tally';

/** The score's weights (DESIGN.md, "Driving behaviour"; the defaults' reasoning in docs/driving.md). */
export interface DrivingWeights {
  acceleration: number;
  braking: number;
  cornering: number;
  speeding10: number;
  speeding20: number;
  speeding30: number;
  idling: number;
}

export const WEIGHT_NAMES = [
  'acceleration',
  'braking',
  'cornering',
  'speeding10',
  'speeding20',
  'speeding30',
  'idling',
] as const satisfies readonly (keyof DrivingWeights)[];

/** The highest weight accepted: at 1 000 one harsh event per 100 km, or 0.1 % of the time, takes the whole score. */
export const MAX_WEIGHT = 1000;

export const DEFAULT_WEIGHTS: Readonly<DrivingWeights> = {
  acceleration: 2,
  braking: 2,
  cornering: 2,
  speeding10: 1,
  speeding20: 2,
  speeding30: 4,
  idling: 0.2,
};

/** The figures behind a score, and the score, as the API, the report and the PDF show them. */
export interface DrivingFigures {
  score: number;
  distanceKm: number;
  drivingSeconds: number;
  per100Km: { acceleration: number; braking: number; cornering: number };
  speedingShare: { over10: number; over20: number; over30: number };
  idlingShare: number;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/**
 * The figures of a tally and its score: 100 − (the weighted harsh rates + 100 × the weighted
 * shares), clamped to 0..100, computed from the unrounded figures and then rounded to one decimal;
 * rates to 2 decimals, shares to 4, km to 3 (docs/driving.md).
 */
export function drivingFigures(tally: DrivingTally, w: DrivingWeights): DrivingFigures {
  const per100 = (count: number) => (tally.distanceKm > 0 ? (count * 100) / tally.distanceKm : 0);
  const rates = { acceleration: per100(tally.harsh.acceleration), braking: per100(tally.harsh.braking), cornering: per100(tally.harsh.cornering) };
  const [over10, over20, over30] = tally.speedingSeconds.map((seconds) => share(seconds, tally.drivingSeconds));
  const idling = share(tally.idlingSeconds, tally.drivingSeconds + tally.idlingSeconds);
  const penalty =
    w.acceleration * rates.acceleration +
    w.braking * rates.braking +
    w.cornering * rates.cornering +
    100 * (w.speeding10 * over10 + w.speeding20 * over20 + w.speeding30 * over30 + w.idling * idling);
  return {
    score: round(Math.min(100, Math.max(0, 100 - penalty)), 1),
    distanceKm: round(tally.distanceKm, 3),
    drivingSeconds: Math.round(tally.drivingSeconds),
    per100Km: { acceleration: round(rates.acceleration, 2), braking: round(rates.braking, 2), cornering: round(rates.cornering, 2) },
    speedingShare: { over10: round(over10, 4), over20: round(over20, 4), over30: round(over30, 4) },
    idlingShare: round(idling, 4),
  };
}
