import { extendBox, FixBox, unionBox } from './fix-box';
import { initialPlausibility, judgeFix, PlacedFix, PlausibilityState } from './fix-plausibility';
import { haversineKm } from '@app/geo';
import type { TelemetryPoint } from './telemetry-point';

// Kept apart so that the plausibility rule, which the summaries use, measures with it too.
export { haversineKm };

/** `[unix seconds, latitude, longitude]` */
export type PositionMark = [number, number, number];

export interface SensorSummary {
  sensor: string;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/**
 * What the statistics need of a run of points, mergeable in time order: bucket summaries in the
 * store, the points of a flespi answer. `positions` counts points with coordinates.
 * avgSpeed is defined once, here: the mean of every reported speed (stopped points included).
 * The distance is that of the fixes a vehicle could have reached, judged in time order from the
 * span's start (`judgeFix`): a glitch adds nothing, a relocation no jump.
 */
export interface TelemetrySummary {
  positions: number;
  speedCount: number;
  speedSum: number;
  maxSpeed: number | null;
  distanceKm: number;
  /** The first and last accepted fixes: where the span is joined to its neighbours. */
  first: PositionMark | null;
  last: PositionMark | null;
  /** A jump after `last` not yet believed (absent in summaries stored before it was kept: none). */
  doubt?: PositionMark | null;
  /**
   * The span's first located fixes as reported, up to HEAD_FIXES: judged again against the span
   * before it when joined, since alone its first fix is taken as true (absent in summaries stored
   * before it was kept).
   */
  head?: PositionMark[];
  /**
   * Where every located fix of the span is (area searches skip the spans it misses); absent
   * without located fixes, and unknown in summaries stored before it was kept (positions > 0).
   */
  box?: FixBox;
  sensors: SensorSummary[];
}

/** A fix that is a glitch at a span's start is settled by then (two-fix glitches included). */
const HEAD_FIXES = 4;

export const emptySummary = (): TelemetrySummary => ({
  positions: 0,
  speedCount: 0,
  speedSum: 0,
  maxSpeed: null,
  distanceKm: 0,
  first: null,
  last: null,
  doubt: null,
  head: [],
  sensors: [],
});

const markOf = (fix: PlacedFix | null): PositionMark | null => (fix ? [fix.ts, fix.lat, fix.lng] : null);
const fixOf = (mark: PositionMark | null | undefined): PlacedFix | null => (mark ? { ts: mark[0], lat: mark[1], lng: mark[2] } : null);

/** Judges `fix` and moves `state` on: the km it adds (0 for a relocation), null when it is not accepted. */
function judgedStep(state: PlausibilityState, fix: PlacedFix): number | null {
  const from = state.last;
  const verdict = judgeFix(state, fix);
  if (verdict === 'implausible') return null;
  return verdict === 'plausible' && from ? haversineKm(from.lat, from.lng, fix.lat, fix.lng) : 0;
}

/** The summary of points already sorted by time (one point per timestamp). */
export function summarize(points: readonly TelemetryPoint[]): TelemetrySummary {
  return summarizeFrom(points, initialPlausibility());
}

/**
 * `summary` with `points` after it (all later than its last): what summarizing all its points
 * with them gives, judged on from where `summary` left off, without its points.
 */
export function summarizeAfter(summary: TelemetrySummary, points: readonly TelemetryPoint[]): TelemetrySummary {
  const more = summarizeFrom(points, { last: fixOf(summary.last), doubt: fixOf(summary.doubt) });
  const whole: TelemetrySummary = { ...summary, doubt: summary.doubt ?? null, head: [...headOf(summary)] };
  const sensors = new Map<string, SensorSummary>();
  for (const reading of summary.sensors) addReading(sensors, reading);
  // Judged on from where `summary` left off: `more` holds the step to it already.
  addPart(whole, more, sensors, more);
  whole.sensors = [...sensors.values()];
  return whole;
}

/** `points` judged from `state`: the step from `state.last` to the first accepted fix counts. */
function summarizeFrom(points: readonly TelemetryPoint[], state: PlausibilityState): TelemetrySummary {
  const summary = emptySummary();
  const head: PositionMark[] = [];
  const sensors = new Map<string, SensorSummary>();
  let first: PlacedFix | null = null;
  let box: FixBox | undefined;
  // Nothing per point but the fix the rule keeps: this runs over every imported message.
  for (let i = 0; i < points.length; i++) {
    const point = points[i];
    if (point.speed !== null) {
      summary.speedCount++;
      summary.speedSum += point.speed;
      if (summary.maxSpeed === null || point.speed > summary.maxSpeed) summary.maxSpeed = point.speed;
    }
    if (point.lat !== null && point.lng !== null) {
      summary.positions++;
      if (head.length < HEAD_FIXES) head.push([point.ts, point.lat, point.lng]);
      box = extendBox(box, point.lat, point.lng);
      const km = judgedStep(state, point as PlacedFix);
      if (km !== null) {
        summary.distanceKm += km;
        first ??= state.last;
      }
    }
    for (const sensor in point.temps) addValue(sensors, sensor, point.temps[sensor]);
  }
  summary.first = markOf(first);
  summary.last = first && markOf(state.last);
  summary.doubt = summary.positions > 0 ? markOf(state.doubt) : null;
  summary.head = head;
  if (box) summary.box = box;
  summary.sensors = [...sensors.values()];
  return summary;
}

function addValue(sensors: Map<string, SensorSummary>, sensor: string, value: number): void {
  const known = sensors.get(sensor);
  if (!known) {
    sensors.set(sensor, { sensor, min: value, max: value, sum: value, count: 1 });
    return;
  }
  if (value < known.min) known.min = value;
  if (value > known.max) known.max = value;
  known.sum += value;
  known.count++;
}

function addReading(sensors: Map<string, SensorSummary>, reading: SensorSummary): void {
  const known = sensors.get(reading.sensor);
  if (!known) {
    sensors.set(reading.sensor, { ...reading });
    return;
  }
  known.min = Math.min(known.min, reading.min);
  known.max = Math.max(known.max, reading.max);
  known.sum += reading.sum;
  known.count += reading.count;
}

/** What a span adds to the positions of the spans before it. */
type Joined = Pick<TelemetrySummary, 'distanceKm' | 'first' | 'last' | 'doubt'>;

/** The first located fixes of a span; a summary stored without them knows its first only. */
const headOf = (summary: TelemetrySummary): PositionMark[] => summary.head ?? (summary.first ? [summary.first] : []);

const sameState = (a: PlausibilityState, b: PlausibilityState) => a.last?.ts === b.last?.ts && a.doubt?.ts === b.doubt?.ts;

/** Adds `part`, which follows `total` in time: its counts and readings, and its positions as `joined`. */
function addPart(total: TelemetrySummary, part: TelemetrySummary, sensors: Map<string, SensorSummary>, joined: Joined): void {
  total.speedCount += part.speedCount;
  total.speedSum += part.speedSum;
  if (part.maxSpeed !== null) total.maxSpeed = total.maxSpeed === null ? part.maxSpeed : Math.max(total.maxSpeed, part.maxSpeed);
  for (const reading of part.sensors) addReading(sensors, reading);
  if (part.positions === 0) return;
  const head = total.head!;
  // Only while it holds every located fix so far is it the first ones.
  if (head.length === total.positions) head.push(...headOf(part).slice(0, HEAD_FIXES - head.length));
  // A part without a box (stored before it was kept) leaves the whole's unknown.
  const box = total.positions === 0 ? part.box : total.box && part.box && unionBox(total.box, part.box);
  if (box) total.box = [...box];
  else delete total.box;
  total.positions += part.positions;
  total.distanceKm += joined.distanceKm;
  total.first ??= joined.first;
  total.last = joined.last ?? total.last;
  total.doubt = joined.doubt ?? null;
}

/**
 * `part`'s positions after `before`'s. Alone, the part took its first fix as true; its head is
 * judged again from where `before` left off until both judgings agree: the rest of the part was
 * judged alike, so only the head's distance changes (a fix unreachable from `before` adds no step
 * to it; a glitch at the part's start, none from it). Not settled within the head (a run of
 * glitches), the part stays as it judged itself, without a step to it.
 */
function joinAfter(before: TelemetrySummary, part: TelemetrySummary): Joined {
  const joined: PlausibilityState = { last: fixOf(before.last), doubt: fixOf(before.doubt) };
  const alone = initialPlausibility();
  const head = headOf(part);
  let joinedKm = 0;
  let aloneKm = 0;
  let first: PlacedFix | null = null;
  for (const mark of head) {
    const fix = fixOf(mark)!;
    const km = judgedStep(joined, fix);
    if (km !== null) {
      joinedKm += km;
      first ??= fix;
    }
    aloneKm += judgedStep(alone, fix) ?? 0;
    if (sameState(joined, alone)) return { distanceKm: part.distanceKm - aloneKm + joinedKm, first: markOf(first), last: part.last, doubt: part.doubt ?? null };
  }
  if (head.length === part.positions) return { distanceKm: joinedKm, first: markOf(first), last: first && markOf(joined.last), doubt: markOf(joined.doubt) };
  return { distanceKm: part.distanceKm, first: part.first, last: part.last, doubt: part.doubt ?? null };
}

/**
 * Summaries of consecutive time spans, in time order, each judged from its own start, as one:
 * the distance also covers the step from each span's last accepted fix to the next span's first
 * (bucket boundaries, gaps) when a vehicle could have driven it.
 */
export function mergeSummaries(parts: readonly TelemetrySummary[]): TelemetrySummary {
  const total = emptySummary();
  const sensors = new Map<string, SensorSummary>();
  for (const part of parts) addPart(total, part, sensors, total.last ? joinAfter(total, part) : part);
  total.sensors = [...sensors.values()];
  return total;
}
