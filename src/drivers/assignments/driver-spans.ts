import type { AssignmentSource } from './schemas/driver-assignment.schema';

/** Who drove an asset over a stretch of time, as the assignments resolve (manual over telemetry). */
export interface DriverSpan {
  assignmentId: string;
  driverId: string;
  driverName: string;
  from: Date;
  /** null: still driving. */
  to: Date | null;
  source: AssignmentSource;
}

/** The driver of a trip, event, alert or visit at its time; both null when nobody was assigned. */
export interface DriverLabel {
  driverId: string | null;
  driverName: string | null;
}

export const NO_DRIVER: DriverLabel = Object.freeze({ driverId: null, driverName: null });

/** An assignment as the resolution reads it: times in ms, an open end as Infinity. */
export interface StoredSpan {
  assignmentId: string;
  driverId: string;
  from: number;
  to: number;
  source: AssignmentSource;
}

const byFrom = (a: StoredSpan, b: StoredSpan) => a.from - b.from;

/** Each span ends at the latest where the next of the same source begins (an open one is closed by the next). */
function closedByNext(spans: readonly StoredSpan[]): StoredSpan[] {
  const sorted = [...spans].sort(byFrom);
  return sorted.map((span, i) => (i + 1 < sorted.length && sorted[i + 1].from < span.to ? { ...span, to: sorted[i + 1].from } : span));
}

/** The parts of `span` outside every one of `cuts` (sorted, not overlapping). */
function outside(span: StoredSpan, cuts: readonly StoredSpan[]): StoredSpan[] {
  const parts: StoredSpan[] = [];
  let from = span.from;
  for (const cut of cuts) {
    if (cut.to <= from || cut.from >= span.to) continue;
    if (cut.from > from) parts.push({ ...span, from, to: cut.from });
    from = Math.max(from, cut.to);
    if (from >= span.to) return parts;
  }
  if (from < span.to) parts.push({ ...span, from });
  return parts;
}

/** One asset's assignments as non-overlapping spans in time order: manual ones whole, telemetry ones where no manual one is. */
export function resolveSpans(assignments: readonly StoredSpan[]): StoredSpan[] {
  const manual = closedByNext(assignments.filter((span) => span.source === 'manual'));
  const telemetry = closedByNext(assignments.filter((span) => span.source === 'telemetry')).flatMap((span) => outside(span, manual));
  return [...manual, ...telemetry].filter((span) => span.to > span.from).sort(byFrom);
}

/** The span in force at `at` (ms) among resolved spans, if any. */
export function spanAt<T extends { from: Date; to: Date | null }>(spans: readonly T[], at: number): T | null {
  for (const span of spans) if (span.from.getTime() <= at && (span.to === null || at < span.to.getTime())) return span;
  return null;
}
