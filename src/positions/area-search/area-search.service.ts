import { Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { badRequest, notFound } from '@app/errors';
import { ScopedTracker, ScopedTrackers } from '../live/scoped-trackers.service';
import { AreaFixesReader, AreaReadPlan } from '../store/area-fixes.reader';
import { IntervalFolder } from './area-intervals';
import { AreaSearchDto, MAX_SEARCH_ASSETS } from './area-search.dto';
import { AreaVisitorView } from './area-search.view';
import { SearchArea, searchArea } from './search-area';

export const MAX_SEARCH_DAYS = 31;

/**
 * The most tracker-hours one search reads point by point (a fifth of 100 assets × 31 days): an
 * area that so many hours pass near answers 400 rather than slowly (docs/performance.md, "History
 * by area": ~22 s for all 74 400 on the embedded server).
 */
export const MAX_SEARCH_HOURS = 15_000;

/** Trackers read at once: one's points are tested while the next one's are read. */
const TRACKERS_AT_ONCE = 4;

const iso = (ts: number) => new Date(ts * 1000).toISOString();

/** `from` before `to`, at most 31 days apart, as unix seconds (fixes are `from ≤ ts ≤ to`). */
function rangeOf(body: Pick<AreaSearchDto, 'from' | 'to'>): { from: number; to: number } {
  const from = Date.parse(body.from) / 1000;
  const to = Date.parse(body.to) / 1000;
  if (!(from < to)) throw badRequest('from must be before to');
  if (to - from > MAX_SEARCH_DAYS * 86400) throw badRequest(`The period from ${body.from} to ${body.to} is longer than the maximum of ${MAX_SEARCH_DAYS} days`);
  return { from, to };
}

/**
 * History by area: the stored fixes of the caller's assets tested against a polygon or a circle,
 * folded into intervals (`IntervalFolder`). The store is read through `AreaFixesReader`, which
 * skips the hours whose fixes all lie outside the area's box. Always the platform's store, also
 * with `TELEMETRY_SOURCE=flespi` (flespi has no such query; the stream's telemetry is stored).
 */
@Injectable()
export class AreaSearchService {
  constructor(
    private readonly scoped: ScopedTrackers,
    private readonly reader: AreaFixesReader,
  ) {}

  async search(auth: AuthContext, body: AreaSearchDto): Promise<AreaVisitorView[]> {
    const { from, to } = rangeOf(body);
    const area = searchArea(body.geometry, body.radiusM);
    const trackers = await this.trackersOf(auth, body.assetIds);
    const plans = await this.reader.plans(
      trackers.map((tracker) => tracker.trackerId),
      from,
      to,
      area.box,
    );
    const hours = plans.reduce((sum, plan) => sum + plan.hours.length, 0);
    if (hours > MAX_SEARCH_HOURS)
      throw badRequest(
        `The area is near ${hours} tracker-hours of the period, over the ${MAX_SEARCH_HOURS} one search reads: narrow the area, the period or assetIds`,
      );
    const visitors: AreaVisitorView[] = [];
    let next = 0;
    const work = async () => {
      for (let i = next++; i < plans.length; i = next++) {
        const found = await this.visitsOf(plans[i], from, to, area);
        if (found.intervals.length > 0) visitors.push({ assetId: trackers[i].assetId, assetName: trackers[i].assetName, ...found });
      }
    };
    await Promise.all(Array.from({ length: TRACKERS_AT_ONCE }, work));
    // ISO instants of one format sort as text.
    const latest = (visitor: AreaVisitorView) => visitor.intervals[0].leftAt;
    return visitors.sort((a, b) => latest(b).localeCompare(latest(a)) || a.assetName.localeCompare(b.assetName));
  }

  /** One tracker's intervals, read and tested hour after hour as the plan says. */
  private async visitsOf(plan: AreaReadPlan, from: number, to: number, area: SearchArea): Promise<Pick<AreaVisitorView, 'intervals' | 'truncated'>> {
    const fixes = await this.reader.fixes(plan, from, to);
    const folder = new IntervalFolder();
    const misses = plan.misses;
    let m = 0;
    for (let i = 0; i < fixes.length; i++) {
      const ts = fixes.ts[i];
      // An hour whose fixes all miss the area lies between: the vehicle was outside.
      for (; m < misses.length && misses[m] <= ts; m++) folder.outside();
      folder.fix(ts, area.contains(fixes.lat[i], fixes.lng[i]));
    }
    const { intervals, truncated } = folder.intervals();
    return { truncated, intervals: intervals.map((interval) => ({ enteredAt: iso(interval.enteredAt), leftAt: iso(interval.leftAt), fixes: interval.fixes })) };
  }

  /**
   * The caller's tracked assets (client and tracker scope), or those of `assetIds`: one that is
   * not among them (another client's, outside the caller's trackers, archived, untracked) is 404,
   * as an asset's track answers.
   */
  private async trackersOf(auth: AuthContext, assetIds: readonly string[] | undefined): Promise<readonly ScopedTracker[]> {
    const asked = assetIds && [...new Set(assetIds.map((id) => id.toLowerCase()))];
    const trackers = await this.scoped.resolve(auth, asked ? { assetIds: asked } : {});
    if (asked && trackers.length < asked.length) throw notFound('Asset');
    if (trackers.length > MAX_SEARCH_ASSETS)
      throw badRequest(`The caller tracks more than ${MAX_SEARCH_ASSETS} assets: name at most ${MAX_SEARCH_ASSETS} in assetIds`);
    return trackers;
  }
}
