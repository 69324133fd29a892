import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '@app/bus';
import type { Types } from 'mongoose';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { FLEET_EVENTS_MOVED, FLEET_EVENTS_RECORDED, FLEET_EVENTS_REMOVED, placeEventsInOrder, type StoredFleetEvent } from '../../events';
import { TASK_LIMITS } from '../dto/task-fields.dto';
import { Task } from '../schemas/task.schema';
import { lateCheckAt } from '../late/late-check';
import { TaskEvents } from '../task-events';
import { ArrivalDriver } from './arrival-driver';
import { slotKey, slotOf, TaskArrivalSlots } from './task-arrival-slots.service';

/** Whether a visit that began at `at` is this task's arrival: within [window.from − 1 h, window.to + 6 h]. */
const arrivesWithin = (task: Pick<Task, 'windowFrom' | 'windowTo'>, at: Date): boolean =>
  at.getTime() >= task.windowFrom.getTime() - TASK_LIMITS.arrivalBeforeMs && at.getTime() <= task.windowTo.getTime() + TASK_LIMITS.arrivalAfterMs;

/** Whether the task, as read, waits for an arrival at `at`: assigned, `at` within its window's margins. */
export const arrivalDue = (task: Pick<Task, 'state' | 'windowFrom' | 'windowTo'>, at: Date): boolean => task.state === 'assigned' && arrivesWithin(task, at);

/** Whether the task, as read, has arrived by `at` and not left yet. */
export const departureDue = (task: Pick<Task, 'arrivedAt' | 'departedAt'>, at: Date): boolean => !!task.arrivedAt && !task.departedAt && task.arrivedAt <= at;

/**
 * Tasks arrive by themselves (docs/dispatch.md, "Arrival by itself"): an asset's `place.arrival`
 * makes its assigned tasks at that place `arrived` when the visit begins within their window's
 * margins, its `place.departure` dates their departure; a late message's moves and removals
 * re-date or undo an arrival. On the ingestion's path: one lookup of the asset and place's slot
 * by `_id`, then its few tasks by `_id` — and nothing at all for the many arrivals without tasks.
 * Keyed by the event's id: an event told twice changes nothing.
 */
@Injectable()
export class TaskArrivals {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly slots: TaskArrivalSlots,
    private readonly events: TaskEvents,
    private readonly drivers: ArrivalDriver,
  ) {}

  @OnDomainEvent(FLEET_EVENTS_RECORDED)
  eventsRecorded(events: readonly StoredFleetEvent[]): Promise<void> {
    return this.eachTask(events, (event, task) => (event.type === 'place.arrival' ? this.arrived(event, task) : this.departed(event, task)));
  }

  @OnDomainEvent(FLEET_EVENTS_MOVED)
  eventsMoved(events: readonly StoredFleetEvent[]): Promise<void> {
    return this.eachTask(events, (event, task) => this.moved(event, task));
  }

  @OnDomainEvent(FLEET_EVENTS_REMOVED)
  eventsRemoved(events: readonly StoredFleetEvent[]): Promise<void> {
    return this.eachTask(events, (event, task) => this.removed(event, task));
  }

  /** `step` over each place event, oldest first, and each task in its slot. */
  private async eachTask(events: readonly StoredFleetEvent[], step: (event: StoredFleetEvent, task: Stored<Task>) => Promise<void>): Promise<void> {
    for (const event of placeEventsInOrder(events)) for (const task of await this.tasksOf(event)) await step(event, task);
  }

  /** The tasks in the event's slot; ones that left it meanwhile (deleted, ended) are taken out. */
  private async tasksOf(event: StoredFleetEvent): Promise<Stored<Task>[]> {
    const key = slotKey(event.assetId, event.placeId!);
    const ids = await this.slots.tasksOf(key);
    if (ids.length === 0) return [];
    const found = await this.tasks.findByIds(
      scopeOfClient(event.clientId),
      ids.map((id) => id.toHexString()),
    );
    const current = found.filter((task) => slotOf(task) === key);
    const stale = ids.filter((id) => !current.some((task) => task._id.equals(id)));
    for (const id of stale) await this.slots.remove(key, id);
    return current;
  }

  private async arrived(event: StoredFleetEvent, task: Stored<Task>): Promise<void> {
    if (task.arrivalEventId?.equals(event._id) || !arrivalDue(task, event.occurredAt)) return;
    await this.overLatest(task, (current) => this.arriveAt(current, event.occurredAt, event._id));
  }

  private async departed(event: StoredFleetEvent, task: Stored<Task>): Promise<void> {
    if (!departureDue(task, event.occurredAt)) return;
    await this.overLatest(task, (current) => this.departAt(current, event.occurredAt));
  }

  /**
   * `write` over the task as read and, when it changed meanwhile (another tracker of the asset,
   * another instance, a user), over the task read again, once: each write holds only over the
   * `updatedAt` it read, so a task arrives once however many race. For a write that is due on the
   * task as read. Answers the task as written, else as it now stands (null: gone).
   */
  async overLatest(task: Stored<Task>, write: (current: Stored<Task>) => Promise<Stored<Task> | null>): Promise<Stored<Task> | null> {
    const written = await write(task);
    if (written) return written;
    const fresh = await this.tasks.findById(scopeOfClient(task.clientId), task._id.toHexString());
    return fresh && ((await write(fresh)) ?? fresh);
  }

  /**
   * Marks a waiting task arrived at `at` (by a place visit's event, or `null`: a fix at its
   * location) when `at` is within its window's margins. Written only over the task as read (its
   * `updatedAt`): null when it changed meanwhile (`overLatest` reads it again).
   */
  async arriveAt(task: Stored<Task>, at: Date, arrivalEventId: Types.ObjectId | null): Promise<Stored<Task> | null> {
    if (!arrivalDue(task, at)) return null;
    const late = at > task.windowTo;
    const driver = task.driverId ? null : await this.drivers.at(task.clientId, task.assetId!, at);
    const change = { state: 'arrived' as const, arrivedAt: at, arrivalEventId, late, ...(driver ?? {}) };
    const updated = await this.tasks.updateRecord(scopeOfClient(task.clientId), task, { $set: change, $unset: { lateCheckAt: 1 } }, unchanged(task));
    if (!updated) return null;
    await this.slots.follow(task, updated);
    await this.events.record(updated, 'task.arrived', at, { late });
    // Found late, then its fixes came in and showed it there in time: the task.late did not happen.
    if (task.late && !late) await this.events.withdraw(updated, 'task.late', task.windowTo);
    return updated;
  }

  /** Dates the departure of an arrived task that has not left yet; over the task as read, as `arriveAt`. */
  async departAt(task: Stored<Task>, at: Date): Promise<Stored<Task> | null> {
    if (!departureDue(task, at)) return null;
    const updated = await this.tasks.updateRecord(scopeOfClient(task.clientId), task, { $set: { departedAt: at } }, unchanged(task));
    if (!updated) return null;
    await this.slots.follow(task, updated);
    return updated;
  }

  /** A late message re-dated the arrival: the task's arrival moves with it (and whether it was late). */
  private async moved(event: StoredFleetEvent, task: Stored<Task>): Promise<void> {
    if (event.type !== 'place.arrival' || !task.arrivalEventId?.equals(event._id)) return;
    await this.overLatest(task, async (current) => {
      if (!current.arrivalEventId?.equals(event._id)) return null;
      const late = event.occurredAt > current.windowTo;
      const updated = await this.tasks.updateRecord(
        scopeOfClient(current.clientId),
        current,
        { $set: { arrivedAt: event.occurredAt, late } },
        unchanged(current),
      );
      if (updated && current.late && !late) await this.events.withdraw(current, 'task.late', current.windowTo);
      return updated;
    });
  }

  /** A late message undid the visit: a task it made `arrived` waits again (and may be found late). */
  private async removed(event: StoredFleetEvent, task: Stored<Task>): Promise<void> {
    if (event.type !== 'place.arrival' || !task.arrivalEventId?.equals(event._id)) return;
    await this.overLatest(task, async (current) => {
      if (!current.arrivalEventId?.equals(event._id)) return null;
      const undo = { arrivedAt: null, arrivalEventId: null, late: false };
      const change = current.state === 'arrived' ? { ...undo, state: 'assigned' as const, lateCheckAt: lateCheckAt(current.windowTo) } : undo;
      const updated = await this.tasks.updateRecord(scopeOfClient(current.clientId), current, { $set: change }, unchanged(current));
      if (updated) await this.slots.follow(current, updated);
      return updated;
    });
  }
}

/**
 * The condition of a write over a task as it was read: its `updatedAt` (with `_id`, the keys of a
 * unique index: a lookup on the embedded server, where a condition on `state` would scan). Two
 * writes within one millisecond keep it: the second of two such races is not caught.
 */
const unchanged = (task: Stored<Task>) => ({ updatedAt: task.updatedAt });
