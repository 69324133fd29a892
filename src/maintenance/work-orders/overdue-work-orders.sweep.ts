import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DateTime } from 'luxon';
import { Model, Types } from 'mongoose';
import { Client } from '@app/auth';
import { InjectRepository, InjectUnscopedModel, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { JobRun, LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { latestTodayOnEarth } from '@app/formats';
import { FleetEvents } from '../../events';
import { WorkOrder } from '../schemas/work-order.schema';

/** How often open work orders past their due date are looked for (a recurring job across instances). */
export const OVERDUE_SWEEP_EVERY_MS = 5 * 60_000;

/**
 * `work_order.overdue`, once per order and due date: an order still open or in progress on the
 * day after its due date in its client's time zone. The event (keyed by the order and the day)
 * is recorded, then the order marked, so a crash in between repeats nothing.
 */
@Injectable()
export class OverdueWorkOrdersSweep {
  constructor(
    // Every client's open orders past a due date: the sweep's one read across clients.
    @InjectUnscopedModel(WorkOrder) private readonly allOrders: Model<WorkOrder>,
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    // Clients are not a client's records: their time zones, by id.
    @InjectModel(Client.name) private readonly clients: Model<Client>,
    private readonly events: FleetEvents,
  ) {}

  @RecurringJob('work-orders.overdue', { everyMs: OVERDUE_SWEEP_EVERY_MS })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.sweep(new Date(), lease);
  }

  /** Records the events of the orders overdue as of `now` while `lease` holds; answers how many. */
  async sweep(now = new Date(), lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const latestToday = latestTodayOnEarth(now);
    const candidates = await this.allOrders
      .find(
        { status: { $in: ['open', 'in_progress'] }, dueDate: { $lt: latestToday }, overdueEventAt: null },
        { clientId: 1, assetId: 1, title: 1, dueDate: 1, status: 1, category: 1, priority: 1 },
      )
      .lean<Array<Stored<WorkOrder>>>()
      .exec();
    if (candidates.length === 0) return 0;
    const zones = new Map(
      (
        await this.clients
          .find({ _id: { $in: [...new Set(candidates.map((order) => order.clientId.toHexString()))].map((id) => new Types.ObjectId(id)) } }, { timeZone: 1 })
          .lean<Array<{ _id: Types.ObjectId; timeZone: string }>>()
          .exec()
      ).map((client) => [client._id.toHexString(), client.timeZone]),
    );
    let recorded = 0;
    for (const order of candidates) {
      const zone = zones.get(order.clientId.toHexString()) ?? 'America/Santiago';
      const overdueFrom = DateTime.fromISO(order.dueDate!, { zone }).plus({ days: 1 }).startOf('day');
      if (!overdueFrom.isValid || overdueFrom.toJSDate() > now) continue;
      const scope = scopeOfClient(order.clientId);
      const asset = await this.assets.findById(scope, order.assetId.toHexString());
      lease.assertHeld();
      await this.events.record([
        {
          clientId: order.clientId,
          assetId: order.assetId,
          assetName: asset?.name ?? '',
          type: 'work_order.overdue',
          occurredAt: overdueFrom.toJSDate(),
          subject: order._id.toHexString(),
          details: {
            workOrderId: order._id.toHexString(),
            title: order.title,
            dueDate: order.dueDate,
            status: order.status,
            priority: order.priority,
            category: order.category,
          },
        },
      ]);
      await this.orders.updateRecord(scope, order, { $set: { overdueEventAt: now } }, { dueDate: order.dueDate });
      recorded++;
    }
    return recorded;
  }
}
