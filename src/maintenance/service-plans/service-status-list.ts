import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { decodeCursor, encodeCursor, InjectRepository, Page, pageSize, Stored, TenantQuery, TenantRepository } from '@app/database';
import { MetersService } from '../../meters';
import { ListServiceStatusQueryDto, ServiceStatusView } from '../dto/service-plan.dto';
import { ServiceStatus } from '../schemas/service-status.schema';
import { metersIn } from './plan-status';
import { MAX_STATUS_NUMBER, serviceStatusId, serviceStatusNumber, statusIdPrefix } from './service-status-ids';
import { ServiceStatusNumbers } from './service-status-numbers';
import { dayIn, remainingOf } from './status-rules';

/** Ids the unfiltered status list looks up per round (doubling from a page's worth) … */
const MAX_IDS_PER_READ = 1024;
/** … and at most in all before it reads the rest of the page with the indexed query (long runs of removed statuses, a user who sees few assets). */
const MAX_IDS_LOOKED_UP = 4096;

/** A client's numbered status ids: the prefix they share and the lowest and highest there can be. */
interface NumberedIds {
  prefix: Buffer;
  lowest: Types.ObjectId;
  highest: Types.ObjectId;
}

const cursorAt = (items: readonly Stored<ServiceStatus>[]) => encodeCursor(items.at(-1) as unknown as Record<string, unknown>, '_id');

/** Newest first, the statuses the caller may see (`GET /api/maintenance/service-status`), and how each is answered. */
@Injectable()
export class ServiceStatusList {
  constructor(
    @InjectRepository(ServiceStatus) private readonly statuses: TenantRepository<ServiceStatus>,
    private readonly numbers: ServiceStatusNumbers,
    private readonly meters: MetersService,
  ) {}

  /**
   * Newest first. Filtered: an indexed query, `_id` descending. Unfiltered: the client's numbered
   * statuses first, newest first — their ids are known from the client's count (`serviceStatusId`)
   * and looked up by `_id` going down from it (or from the cursor), in rounds doubling from a
   * page's worth, the caller's visibility checked on each (`findByIds`); after 4 096 ids without a
   * full page (removed statuses, a user who sees few assets) the indexed query over the numbered
   * range finishes the page — then any statuses from before the numbering (plain ObjectIds), by
   * the indexed query, `_id` descending.
   */
  async list(auth: AuthContext, query: ListServiceStatusQueryDto): Promise<Page<Stored<ServiceStatus>>> {
    const filter: TenantQuery<ServiceStatus> = {};
    if (query.state) filter.state = query.state;
    if (query.assetId) filter.assetId = new Types.ObjectId(query.assetId);
    if (query.planId) filter.planId = new Types.ObjectId(query.planId);
    if (query.state || query.assetId || query.planId) return this.statuses.list(auth, filter, { limit: query.limit, cursor: query.cursor });
    const prefix = statusIdPrefix(auth.clientId);
    const ids: NumberedIds = { prefix, lowest: serviceStatusId(auth.clientId, 0, prefix), highest: serviceStatusId(auth.clientId, MAX_STATUS_NUMBER, prefix) };
    const after = query.cursor ? decodeCursor(query.cursor, '_id').id : null;
    const limit = pageSize(query.limit);
    const below = after ? serviceStatusNumber(auth.clientId, after, prefix) : await this.numbers.given(auth.clientId);
    if (below === null) return this.unnumbered(auth, ids, query.cursor, limit); // a cursor among the statuses from before the numbering
    const { found, left } = await this.lookUp(auth, prefix, below, limit);
    if (found.length <= limit && left > 0) {
      const page = await this.finishByQuery(auth, ids, found, left, limit);
      if (page) return page;
    }
    if (found.length > limit) return { items: found.slice(0, limit), nextCursor: cursorAt(found.slice(0, limit)) };
    // The numbered statuses are all listed: the page goes on with those from before the numbering.
    const older = await this.unnumbered(auth, ids, undefined, Math.max(limit - found.length, 1));
    if (found.length === limit) return { items: found, nextCursor: older.items.length > 0 ? cursorAt(found) : null };
    return { items: [...found, ...older.items], nextCursor: older.nextCursor };
  }

  /** A page as answered: what is left computed from the assets' meters now and the client's today. */
  async views(auth: AuthContext, page: readonly Stored<ServiceStatus>[], now = new Date()): Promise<ServiceStatusView[]> {
    const meters = await this.meters.ofAssets(auth, [...new Map(page.map((status) => [status.assetId.toHexString(), status.assetId])).values()]);
    const today = dayIn(now, auth.client.timeZone);
    return page.map((status) => ({
      assetId: status.assetId.toHexString(),
      planId: status.planId.toHexString(),
      state: status.state,
      next: { odometerKm: status.next.odometerKm, engineHours: status.next.engineHours, date: status.next.date },
      remaining: remainingOf(status.next, metersIn(meters, status.assetId), today),
      dueBy: status.dueBy,
      lastService: status.lastService && {
        id: status.lastService.id.toHexString(),
        doneAt: new Date(status.lastService.doneAt).toISOString(),
        odometerKm: status.lastService.odometerKm,
        engineHours: status.lastService.engineHours,
      },
      workOrderId: status.workOrderId?.toHexString() ?? null,
      cycle: status.cycle,
    }));
  }

  /** The statuses from before the numbering (plain ObjectIds, outside the client's numbered range). */
  private unnumbered(auth: AuthContext, ids: NumberedIds, cursor: string | undefined, limit: number): Promise<Page<Stored<ServiceStatus>>> {
    return this.statuses.list(auth, { $or: [{ _id: { $lt: ids.lowest } }, { _id: { $gt: ids.highest } }] }, { limit, cursor });
  }

  /**
   * The numbered statuses below number `below`, newest first, looked up by `_id` until more than a
   * page is found, none is left (`left` 0), or as many ids as the lookups may take were looked up.
   */
  private async lookUp(auth: AuthContext, prefix: Buffer, below: number, limit: number): Promise<{ found: Array<Stored<ServiceStatus>>; left: number }> {
    const found: Array<Stored<ServiceStatus>> = [];
    let left = below;
    let round = Math.min(limit + 1, MAX_IDS_PER_READ);
    let lookedUp = 0;
    while (found.length <= limit && left > 0 && lookedUp < MAX_IDS_LOOKED_UP) {
      const from = Math.max(0, left - round);
      const ids = Array.from({ length: left - from }, (_, k) => serviceStatusId(auth.clientId, left - 1 - k, prefix).toHexString());
      const records = await this.statuses.findByIds(auth, ids);
      records.sort((a, b) => (a._id.toHexString() < b._id.toHexString() ? 1 : -1));
      found.push(...records);
      lookedUp += ids.length;
      left = from;
      round = Math.min(round * 2, MAX_IDS_PER_READ);
    }
    return { found, left };
  }

  /**
   * The page's rest from the numbered statuses below number `left`, by the indexed query (added to
   * `found`). Answers the page when more numbered statuses follow it, null when they end here.
   */
  private async finishByQuery(
    auth: AuthContext,
    ids: NumberedIds,
    found: Array<Stored<ServiceStatus>>,
    left: number,
    limit: number,
  ): Promise<Page<Stored<ServiceStatus>> | null> {
    const cursor = encodeCursor({ _id: serviceStatusId(auth.clientId, left, ids.prefix) }, '_id');
    const numbered = { _id: { $gte: ids.lowest } } as TenantQuery<ServiceStatus>;
    if (found.length === limit) {
      const more = await this.statuses.list(auth, numbered, { limit: 1, cursor });
      return more.items.length > 0 ? { items: found, nextCursor: cursorAt(found) } : null;
    }
    const rest = await this.statuses.list(auth, numbered, { limit: limit - found.length, cursor });
    found.push(...rest.items);
    return rest.nextCursor ? { items: found, nextCursor: rest.nextCursor } : null;
  }
}
