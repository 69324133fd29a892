import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { groupBy, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Task } from '../schemas/task.schema';
import { TaskEvents } from '../task-events';
import { ArrivalDriver, type DriverAtMoment } from './arrival-driver';
import { holdsMove, type LocationMove } from './location-moves';
import { TaskArrivals } from './task-arrivals.service';
import { TaskArrivalSlots } from './task-arrival-slots.service';

/** A move with the change that writes it, and the task as it is once written. */
interface PlannedWrite {
  move: LocationMove;
  update: { $set: Partial<Stored<Task>>; $unset?: { lateCheckAt: 1 } };
  after: Stored<Task>;
}

/** A move whose task another write changed meanwhile, and that task as it now stands (null: gone). */
interface Raced {
  move: LocationMove;
  now: Stored<Task> | null;
}

/**
 * Writes a batch's location moves (docs/dispatch.md, "Arrival by itself") a few database calls a
 * client, however many tasks arrive: one read of the drivers at the arrivals, one bulk write of
 * the tasks — each over the task as read (its `updatedAt`) —, one change of the location tasks'
 * index, one recording of the `task.arrived` events. A task changed meanwhile is not written over:
 * it is read again and moved one at a time through `TaskArrivals`, as a place visit's task is.
 */
@Injectable()
export class LocationMovesWriter {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly arrivals: TaskArrivals,
    private readonly slots: TaskArrivalSlots,
    private readonly events: TaskEvents,
    private readonly drivers: ArrivalDriver,
  ) {}

  async write(moves: readonly LocationMove[]): Promise<void> {
    for (const ofClient of groupBy(moves, (move) => move.task.clientId.toHexString()).values()) await this.writeOfClient(ofClient);
  }

  private async writeOfClient(moves: readonly LocationMove[]): Promise<void> {
    const clientId = moves[0].task.clientId;
    const planned = await this.planned(clientId, moves);
    const changes = planned.map(({ move, update }) => ({ record: move.task, update, conditions: { updatedAt: move.task.updatedAt } }));
    const matched = await this.tasks.updateEach(scopeOfClient(clientId), changes);
    const [done, raced] = matched === planned.length ? [planned, []] : await this.sorted(clientId, planned);
    await this.slots.followEach(done.map(({ move, after }) => ({ before: move.task, after })));
    const arrived = done.filter(({ move }) => move.arrivedAt !== null);
    await this.events.recordEach(
      arrived.map(({ move, after }) => ({ task: after, type: 'task.arrived', occurredAt: move.arrivedAt!, details: { late: after.late } })),
    );
    // Found late, then its fixes came in and showed it there in time: the task.late did not happen.
    for (const { move, after } of arrived) if (move.task.late && !after.late) await this.events.withdraw(after, 'task.late', move.task.windowTo);
    await this.oneByOne(raced);
  }

  /** Each move's change: `updatedAt` set here, so a bulk write's tasks are known as written. */
  private async planned(clientId: Types.ObjectId, moves: readonly LocationMove[]): Promise<PlannedWrite[]> {
    const unlabelled = moves.filter((move) => move.arrivedAt !== null && !move.task.driverId);
    const labels = await this.drivers.atEach(
      clientId,
      unlabelled.map((move) => ({ assetId: move.task.assetId!, at: move.arrivedAt! })),
    );
    const driverOf = new Map<LocationMove, DriverAtMoment | null>(unlabelled.map((move, i) => [move, labels[i]]));
    const updatedAt = new Date();
    return moves.map((move) => {
      const arrival = move.arrivedAt && {
        state: 'arrived' as const,
        arrivedAt: move.arrivedAt,
        arrivalEventId: null,
        late: move.arrivedAt > move.task.windowTo,
        ...(driverOf.get(move) ?? {}),
      };
      const $set = { ...arrival, ...(move.departedAt ? { departedAt: move.departedAt } : {}), updatedAt };
      const after = { ...move.task, ...$set };
      if (!arrival) return { move, update: { $set }, after };
      delete after.lateCheckAt;
      return { move, update: { $set, $unset: { lateCheckAt: 1 } }, after };
    });
  }

  /** After a bulk write that matched fewer than asked: which hold their move (`holdsMove`), and the others as they now stand (null: gone). */
  private async sorted(clientId: Types.ObjectId, planned: readonly PlannedWrite[]): Promise<[PlannedWrite[], Raced[]]> {
    const ids = planned.map(({ move }) => move.task._id.toHexString());
    const found = new Map((await this.tasks.findByIds(scopeOfClient(clientId), ids)).map((task) => [task._id.toHexString(), task]));
    const done: PlannedWrite[] = [];
    const raced: Raced[] = [];
    for (const write of planned) {
      const now = found.get(write.move.task._id.toHexString()) ?? null;
      if (now && holdsMove(write.move, now, write.after.updatedAt)) done.push(write);
      else raced.push({ move: write.move, now });
    }
    return [done, raced];
  }

  /** Moves that raced another write: each over its task as it now stands, one at a time (`TaskArrivals` reads it again once more if it changes again). */
  private async oneByOne(raced: readonly Raced[]): Promise<void> {
    for (const { move, now } of raced) {
      let task = now;
      if (task && move.arrivedAt) task = await this.arrivals.overLatest(task, (current) => this.arrivals.arriveAt(current, move.arrivedAt!, null));
      if (task && move.departedAt) await this.arrivals.overLatest(task, (current) => this.arrivals.departAt(current, move.departedAt!));
    }
  }
}
