import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { AuthContext, User } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode, validationFailed } from '@app/errors';
import { TransitionWorkOrderDto } from '../dto/transition-work-order.dto';
import { UpdateWorkOrderDto } from '../dto/update-work-order.dto';
import { WorkOrder, WorkOrderTransition } from '../schemas/work-order.schema';
import { DomainEvents } from '@app/bus';
import { WORK_ORDER_COMPLETED } from './work-order-completed';
import { canMove, needsNote, WORK_ORDER_TRANSITIONS } from './work-order-transitions';
import { toWorkOrderView, WorkOrderView } from './work-order.view';

const changedMeanwhile = () => new DomainException(ErrorCode.Conflict, 'The work order was changed meanwhile: read it again and repeat the change');

/** What the activity log keeps of an order's editable fields. */
const editable = (order: Stored<WorkOrder>) => ({
  title: order.title,
  description: order.description,
  priority: order.priority,
  dueDate: order.dueDate ?? null,
  assigneeId: order.assigneeId?.toHexString() ?? null,
});

/** Editing a work order and moving it through its statuses (each move kept in its history). */
@Injectable()
export class WorkOrderLifecycleService {
  constructor(
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly activity: ActivityRecorder,
    private readonly bus: DomainEvents,
  ) {}

  async update(auth: AuthContext, order: Stored<WorkOrder>, body: UpdateWorkOrderDto): Promise<WorkOrderView> {
    if (Object.keys(body).length === 0) throw badRequest('Nothing to change: send at least one of title, description, priority, dueDate, assigneeId');
    const $set: Record<string, unknown> = {};
    const $unset: Record<string, 1> = {};
    for (const key of ['title', 'description', 'priority'] as const) if (body[key] !== undefined) $set[key] = body[key];
    if (body.dueDate === null) $unset.dueDate = 1;
    else if (body.dueDate !== undefined) $set.dueDate = body.dueDate;
    // A new due date may pass again: its overdue event is another one.
    if (body.dueDate !== undefined) $unset.overdueEventAt = 1;
    if (body.assigneeId === null) $unset.assigneeId = 1;
    else if (body.assigneeId !== undefined) {
      const assignee = await this.users.findById(auth, body.assigneeId);
      if (!assignee || assignee.active === false)
        throw validationFailed([{ path: 'assigneeId', message: `No user ${body.assigneeId} among the users of your client` }]);
      $set.assigneeId = assignee._id;
    }
    const update = { ...(Object.keys($set).length && { $set }), ...(Object.keys($unset).length && { $unset }) };
    const updated = await this.orders.updateRecord(auth, order, update);
    if (!updated) throw changedMeanwhile();
    await this.activity.updated(auth, { type: 'work_order', id: order._id }, `Work order "${updated.title}" edited`, editable(order), editable(updated));
    return toWorkOrderView(updated);
  }

  /** Moves the order to `to` if its life cycle allows it from its current status (else 409). */
  async transition(auth: AuthContext, order: Stored<WorkOrder>, body: TransitionWorkOrderDto): Promise<WorkOrderView> {
    const from = order.status;
    if (!canMove(from, body.to)) {
      // Completed again: a request that stored 'done' and failed before its listeners were told
      // (the plan's service record) is retried, and its 409 completes it; listeners are keyed by the order.
      if (from === 'done' && body.to === 'done') await this.bus.publishInTurn(WORK_ORDER_COMPLETED, { auth, order });
      const allowed = WORK_ORDER_TRANSITIONS[from];
      throw new DomainException(
        ErrorCode.Conflict,
        `A work order cannot go from ${from} to ${body.to}${allowed.length ? ` (from ${from}: ${allowed.join(', ')})` : ` (${from} is final)`}`,
      );
    }
    if (needsNote(from, body.to) && !body.note) throw validationFailed([{ path: 'note', message: 'Reopening a done work order needs a note saying why' }]);
    const entry: WorkOrderTransition = { from, to: body.to, note: body.note, by: auth.userId, at: new Date() };
    // Conditional on the status read: two concurrent moves cannot both apply.
    const updated = await this.orders.updateRecord(auth, order, { $set: { status: body.to }, $push: { history: entry } }, { status: from });
    if (!updated) throw changedMeanwhile();
    await this.activity.record(auth, {
      action: 'work_order.transition',
      resourceType: 'work_order',
      resourceId: order._id,
      summary: `Work order "${order.title}" moved from ${from} to ${body.to}${body.note ? `: ${body.note}` : ''}`,
      before: { status: from },
      after: { status: body.to },
      details: body.note ? { note: body.note } : undefined,
    });
    if (body.to === 'done') await this.bus.publishInTurn(WORK_ORDER_COMPLETED, { auth, order: updated });
    return toWorkOrderView(updated);
  }
}
