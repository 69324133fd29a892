import { Injectable } from '@nestjs/common';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { FleetEvents, type FleetEventType } from '../events';
import type { Task } from './schemas/task.schema';

export type TaskEventType = Extract<FleetEventType, `task.${string}`>;

/** One event of a task: its type, when, and what it adds to the task's details. */
export interface TaskEventItem {
  task: Stored<Task>;
  type: TaskEventType;
  occurredAt: Date;
  details?: Record<string, unknown>;
}

/**
 * Records a task's events (`task.arrived`, `task.late`, `task.done`, `task.failed`) through
 * FleetEvents, so alert rules, the inbox, e-mail and webhooks carry them like any event: `taskId`
 * at the top level, the task's id as the event's subject (one event per task, type and time).
 * Events belong to an asset: a task without one has none.
 */
@Injectable()
export class TaskEvents {
  constructor(
    private readonly events: FleetEvents,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
  ) {}

  /** Removes the task's event of this type and time, if it was recorded (a later message showed it did not happen). */
  async withdraw(task: Stored<Task>, type: TaskEventType, occurredAt: Date): Promise<void> {
    if (task.assetId) await this.events.withdraw({ clientId: task.clientId, assetId: task.assetId, type, occurredAt, subject: task._id.toHexString() });
  }

  async record(task: Stored<Task>, type: TaskEventType, occurredAt: Date, details: Record<string, unknown> = {}): Promise<void> {
    await this.recordEach([{ task, type, occurredAt, details }]);
  }

  /** `record` of several events of one client's tasks: their assets' names read by id (batched and cached), one recording. */
  async recordEach(items: readonly TaskEventItem[]): Promise<void> {
    const owned = items.filter((item) => item.task.assetId);
    if (owned.length === 0) return;
    const scope = scopeOfClient(owned[0].task.clientId);
    const assetIds = [...new Set(owned.map((item) => item.task.assetId!.toHexString()))];
    const assets = await Promise.all(assetIds.map((id) => this.assets.findById(scope, id)));
    const names = new Map(assets.map((asset, i) => [assetIds[i], asset?.name ?? '']));
    await this.events.record(
      owned.map(({ task, type, occurredAt, details = {} }) => ({
        clientId: task.clientId,
        assetId: task.assetId!,
        assetName: names.get(task.assetId!.toHexString()) ?? '',
        type,
        occurredAt,
        placeId: task.placeId,
        taskId: task._id,
        subject: task._id.toHexString(),
        details: {
          taskId: task._id.toHexString(),
          title: task.title,
          windowFrom: task.windowFrom.toISOString(),
          windowTo: task.windowTo.toISOString(),
          ...(task.externalId ? { externalId: task.externalId } : {}),
          ...details,
        },
      })),
    );
  }
}
