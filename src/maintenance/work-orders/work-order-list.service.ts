import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { WorkOrderCategoriesService } from '../categories/work-order-categories.service';
import { ListWorkOrdersQueryDto } from '../dto/list-work-orders.dto';
import { WorkOrder } from '../schemas/work-order.schema';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The work order list: the client's orders, newest first, filtered; only orders of assets within
 * the caller's trackers. Orders carry no tracker: with a limited scope, the caller's visible
 * assets are read first (a client has hundreds of assets, not millions) and the orders filtered
 * by them. `q` matches the title case-insensitively (an escaped regex: no `$text` on
 * mongo-java-server).
 */
@Injectable()
export class WorkOrderListService {
  constructor(
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly categories: WorkOrderCategoriesService,
  ) {}

  async list(auth: AuthContext, query: ListWorkOrdersQueryDto): Promise<Page<Stored<WorkOrder>>> {
    const filter: Record<string, unknown> = {};
    if (query.status) filter.status = query.status;
    if (query.priority) filter.priority = query.priority;
    if (query.dueBefore) filter.dueDate = { $lte: query.dueBefore };
    if (query.q) filter.title = { $regex: escapeRegex(query.q), $options: 'i' };
    if (query.category) filter.category = (await this.categories.resolve(auth, query.category)) ?? query.category;
    const visible = await this.visibleAssetIds(auth);
    if (query.assetId) {
      const assetId = new Types.ObjectId(query.assetId);
      if (visible && !visible.some((id) => id.equals(assetId))) return { items: [], nextCursor: null };
      filter.assetId = assetId;
    } else if (visible) {
      filter.assetId = { $in: visible };
    }
    return this.orders.list(auth, filter as TenantQuery<WorkOrder>, { limit: query.limit, cursor: query.cursor });
  }

  /** The ids of the caller's visible assets, or undefined when the caller sees every tracker. */
  private async visibleAssetIds(auth: AuthContext): Promise<Types.ObjectId[] | undefined> {
    if (auth.trackerScope.isAll) return undefined;
    return (await this.assets.find(auth, {}, { projection: { _id: 1 } })).map((asset) => asset._id);
  }
}
