import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { containsText, InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { WorkOrderCategoriesService } from '../categories/work-order-categories.service';
import { ListWorkOrdersQueryDto } from '../dto/list-work-orders.dto';
import { WorkOrder } from '../schemas/work-order.schema';

/**
 * The work order list: the client's orders, newest first, filtered. The repository keeps it to
 * the orders of assets the caller may see (archived assets' orders included, as by id). `q`
 * matches the title case-insensitively (an escaped regex: no `$text` on mongo-java-server).
 */
@Injectable()
export class WorkOrderListService {
  constructor(
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    private readonly categories: WorkOrderCategoriesService,
  ) {}

  async list(auth: AuthContext, query: ListWorkOrdersQueryDto): Promise<Page<Stored<WorkOrder>>> {
    const filter: TenantQuery<WorkOrder> = {};
    if (query.status) filter.status = query.status;
    if (query.priority) filter.priority = query.priority;
    if (query.dueBefore) filter.dueDate = { $lte: query.dueBefore };
    if (query.q) filter.title = containsText(query.q);
    if (query.category) filter.category = (await this.categories.resolve(auth, query.category)) ?? query.category;
    if (query.assetId) filter.assetId = new Types.ObjectId(query.assetId);
    return this.orders.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }
}
