import { type PointsRange, TelemetryPointsReader } from '../positions';
import { type FixWalk } from './fix-walk';
import { DAY_S } from './rollups/hour-tallies';

/** A stretch of an asset's fixes to read (`from ≤ ts ≤ to`) and feed to its walk. */
export interface StretchRead extends PointsRange {
  walk: FixWalk;
}

/** The longest stretch read with others: a period's ends and a driver's span hours are shorter. */
const SHORT_S = DAY_S;
/** Stretches read together: their points are held at once. */
const READ_TOGETHER = 250;

/**
 * Feeds each stretch's fixes to its walk (stretches are independent: each has its own walk). The
 * short ones are read many at a time (one log read and bucket `_id` reads for all: read one by
 * one, the log's scan on the embedded database made 1 000 assets' period ends take a minute);
 * a long one (days without rollups) a day at a time, so that a month of fixes is never held.
 */
export async function walkStretches(points: TelemetryPointsReader, stretches: readonly StretchRead[]): Promise<void> {
  const short = stretches.filter((stretch) => stretch.to - stretch.from <= SHORT_S);
  for (let first = 0; first < short.length; first += READ_TOGETHER) {
    const some = short.slice(first, first + READ_TOGETHER);
    (await points.pointsOfRanges(some)).forEach((fixes, i) => some[i].walk.feed(fixes));
  }
  for (const { trackerId, from, to, walk } of stretches.filter((stretch) => stretch.to - stretch.from > SHORT_S))
    for (let day = from; day <= to; day += DAY_S) walk.feed(await points.points(trackerId, day, Math.min(day + DAY_S - 0.001, to)));
}
