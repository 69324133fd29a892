import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { groupBy, Stored } from '@app/database';
import { haversineKm } from '@app/geo';
import { NewFixes, TrackerProcessor, TrackerProcessors } from '../../positions';
import { Task } from '../schemas/task.schema';
import { LocationTasks } from './location-tasks';
import { arrivalDue, TaskArrivals } from './task-arrivals.service';

type Fix = NewFixes['fixes'][number];

const insideOf = (task: Stored<Task>, fix: Fix): boolean =>
  haversineKm(fix.lat!, fix.lng!, task.location!.lat, task.location!.lng) * 1000 <= (task.radiusM ?? 0);

/**
 * Tasks at a location arrive and depart by the vehicle's fixes (docs/dispatch.md, "Arrival by
 * itself"): the first fix within `radiusM` inside the window's margins is the arrival, the first
 * fix outside after it the departure. Fixes without a position count for neither. An asset
 * without such a task costs one map lookup a batch; the rest is the place tasks' arrival write.
 * Late fixes are not replayed: an arrival stays as the fixes in order made it.
 */
@Injectable()
export class LocationArrivalProcessor implements TrackerProcessor, OnModuleInit, OnModuleDestroy {
  readonly name = 'task-locations';
  private unregister?: () => void;

  constructor(
    private readonly processors: TrackerProcessors,
    private readonly watched: LocationTasks,
    private readonly arrivals: TaskArrivals,
  ) {}

  onModuleInit(): void {
    this.unregister = this.processors.register(this);
  }

  onModuleDestroy(): void {
    this.unregister?.();
  }

  async prepare(): Promise<void> {}

  snapshot(): unknown {
    return null;
  }

  async replay(): Promise<void> {}

  // Each asset's trackers one after another, the assets side by side: a task is one asset's, and an
  // arrival's writes are round trips the batch would otherwise wait for one asset after another.
  async advance(batch: readonly NewFixes[]): Promise<void> {
    await Promise.all(
      [...groupBy(batch, (fixes) => fixes.assetId.toHexString())].map(async ([assetId, ofAsset]) => {
        for (const fixes of ofAsset) {
          const tasks = (await this.watched.of(fixes.clientId)).get(assetId);
          if (tasks?.length) await this.follow(fixes, tasks);
        }
      }),
    );
  }

  async flush(): Promise<void> {}

  forget(): void {}

  /** Each fix against the asset's tasks; a task the fixes change is replaced in the index's list, so the next fix sees it. */
  private async follow({ fixes }: NewFixes, tasks: Stored<Task>[]): Promise<void> {
    for (const fix of fixes) {
      if (fix.lat === null || fix.lng === null) continue;
      const at = new Date(Math.round(fix.ts * 1000));
      for (const [i, task] of tasks.entries()) {
        const changed = await this.step(task, insideOf(task, fix), at);
        if (changed) tasks[i] = changed;
      }
    }
  }

  // The index may be a moment old: the write holds only over the task as the index has it, and a
  // task changed meanwhile is read again and tried once more (`overLatest`).
  private async step(task: Stored<Task>, inside: boolean, at: Date): Promise<Stored<Task> | null> {
    const waits = inside && arrivalDue(task, at);
    const leaves = !inside && task.arrivedAt !== null && task.departedAt === null && at > task.arrivedAt;
    if (!waits && !leaves) return null;
    return this.arrivals.overLatest(task, (current) => (waits ? this.arrivals.arriveAt(current, at, null) : this.arrivals.departAt(current, at)));
  }
}
