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
  /**
   * `recorded`: every event once stored (above). After a late message (docs/events.md, "Late
   * messages"): `moved`, events re-dated under their id (what they opened follows their time);
   * `endedAgain`, end events told before a start that a replay found before them (they settle
   * what that start opened, and open nothing).
   */
  private readonly listeners = { recorded: new Set<FleetEventsListener>(), moved: new Set<FleetEventsListener>(), endedAgain: new Set<FleetEventsListener>() };

  subscribe(listener: FleetEventsListener, kind: keyof FleetEventsRecorded['listeners'] = 'recorded'): () => void {
    this.listeners[kind].add(listener);
    return () => this.listeners[kind].delete(listener);
  }

  async publish(events: readonly StoredFleetEvent[], kind: keyof FleetEventsRecorded['listeners'] = 'recorded'): Promise<void> {
    const listeners = this.listeners[kind];
    if (events.length === 0 || listeners.size === 0) return;
    await Promise.all([...listeners].map(async (listener) => listener(events)));
  }
}
