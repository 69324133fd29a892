import type { Types } from 'mongoose';
import type { TenantScope } from '@app/database';

/** Who drove an asset from when to when (`to` null: still driving it); unix seconds. */
export interface DriverSpan {
  driverId: string;
  driverName: string;
  from: number;
  to: number | null;
}

/**
 * The seam between the scores and the driver assignments: for each asset, the spans of its
 * drivers that meet the period. Scores by driver split each asset's figures by these spans;
 * time outside every span is nobody's.
 */
export abstract class DriverSpans {
  abstract of(scope: TenantScope, assetIds: readonly Types.ObjectId[], fromS: number, toS: number): Promise<Map<string, DriverSpan[]>>;
}

/** The span in force at `ts` among an asset's spans (the latest begun, when they overlap). */
export function spanAt(spans: readonly DriverSpan[], ts: number): DriverSpan | null {
  let found: DriverSpan | null = null;
  for (const span of spans) if (span.from <= ts && (span.to === null || ts < span.to) && (!found || span.from > found.from)) found = span;
  return found;
}
