import type { Stored } from '@app/database';
import { haversineKm } from '@app/geo';
import type { NewFixes } from '../../positions';
import type { Task } from '../schemas/task.schema';
import { arrivalDue, departureDue } from './task-arrivals.service';

type Fix = NewFixes['fixes'][number];

/** What a batch's fixes do to one location task, as read: arrive at, depart at, or both. */
export interface LocationMove {
  task: Stored<Task>;
  arrivedAt: Date | null;
  departedAt: Date | null;
}

const insideOf = (task: Stored<Task>, fix: Fix): boolean =>
  haversineKm(fix.lat!, fix.lng!, task.location!.lat, task.location!.lng) * 1000 <= (task.radiusM ?? 0);

/**
 * The moves an asset's fixes make to its location tasks, the fixes in order (docs/dispatch.md,
 * "Arrival by itself"): the first fix within `radiusM` inside the window's margins is the
 * arrival, the first fix outside after it the departure; a fix without a position counts for
 * neither. Each task is walked as if every step were written at once, so the batch's writes can
 * be one bulk write.
 */
export function locationMoves(tasks: readonly Stored<Task>[], batches: readonly NewFixes[]): LocationMove[] {
  const moves: LocationMove[] = tasks.map((task) => ({ task, arrivedAt: null, departedAt: null }));
  const walked = [...tasks];
  for (const { fixes } of batches) {
    for (const fix of fixes) {
      if (fix.lat === null || fix.lng === null) continue;
      const at = new Date(Math.round(fix.ts * 1000));
      for (const [i, task] of walked.entries()) {
        const inside = insideOf(task, fix);
        if (inside && arrivalDue(task, at)) {
          walked[i] = { ...task, state: 'arrived', arrivedAt: at };
          moves[i].arrivedAt = at;
        } else if (!inside && departureDue(task, at) && at > task.arrivedAt!) {
          walked[i] = { ...task, departedAt: at };
          moves[i].departedAt = at;
        }
      }
    }
  }
  return moves.filter((move) => move.arrivedAt !== null || move.departedAt !== null);
}

/**
 * Whether a task as it now stands holds a move written over it: this write's `updatedAt`, or the
 * same arrival and departure written by another meanwhile (a replay elsewhere of the same fixes:
 * its `task.arrived` is one event whoever records it).
 */
export function holdsMove(move: LocationMove, now: Pick<Task, 'arrivedAt' | 'departedAt'> & { updatedAt: Date }, writtenAt: Date): boolean {
  const same = (stored: Date | null, moved: Date | null) => moved === null || stored?.getTime() === moved.getTime();
  return now.updatedAt.getTime() === writtenAt.getTime() || (same(now.arrivedAt, move.arrivedAt) && same(now.departedAt, move.departedAt));
}
