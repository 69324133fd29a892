import { Injectable } from '@nestjs/common';
import type { StoredFleetEvent } from './fleet-event.types';

export type FleetEventsListener = (events: readonly StoredFleetEvent[]) => Promise<void> | void;

/**
 * Told of every event once it is stored, on the instance that stored it, before the request or
 * the telemetry batch that caused it is acknowledged: listeners are awaited together, and one
 * that fails fails the cause. An event is marked told only once every listener succeeded, so a
 * resend (or a replay) that detects it again tells the listeners again until then: a listener
 * is idempotent (it keys what it writes by the event's id). Subscribe from `onModuleInit`.
 */
@Injectable()
export class FleetEventsRecorded {
  private readonly listeners = new Set<FleetEventsListener>();

  subscribe(listener: FleetEventsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publish(events: readonly StoredFleetEvent[]): Promise<void> {
    if (events.length === 0 || this.listeners.size === 0) return;
    await Promise.all([...this.listeners].map((listener) => listener(events)));
  }
}
