import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { containsText, InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { AssetDirectory } from '@app/fleet';
import { WorkOrderCategoriesService } from '../categories/work-order-categories.service';
import { ListWorkOrdersQueryDto } from '../dto/list-work-orders.dto';
import { WorkOrder } from '../schemas/work-order.schema';

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
    private readonly assets: AssetDirectory,
    private readonly categories: WorkOrderCategoriesService,
  ) {}

  async list(auth: AuthContext, query: ListWorkOrdersQueryDto): Promise<Page<Stored<WorkOrder>>> {
    const filter: Record<string, unknown> = {};
    if (query.status) filter.status = query.status;
    if (query.priority) filter.priority = query.priority;
    if (query.dueBefore) filter.dueDate = { $lte: query.dueBefore };
    if (query.q) filter.title = containsText(query.q);
    if (query.category) filter.category = (await this.categories.resolve(auth, query.category)) ?? query.category;
    const assetId = await this.assets.assetCondition(auth, query.assetId);
    if (assetId === null) return { items: [], nextCursor: null };
    if (assetId) filter.assetId = assetId;
    return this.orders.list(auth, filter as TenantQuery<WorkOrder>, { limit: query.limit, cursor: query.cursor });
  }
}
