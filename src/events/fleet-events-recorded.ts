import { Topic } from '@app/bus';
import type { StoredFleetEvent } from './fleet-event.types';

/**
 * Every event once it is stored, on the instance that stored it, before the request or the
 * telemetry batch that caused it is acknowledged: listeners are awaited together, and one that
 * fails fails the cause. An event is marked told only once every listener succeeded, so a resend
 * (or a replay) that detects it again tells the listeners again until then: a listener is
 * idempotent (it keys what it writes by the event's id).
 */
export const FLEET_EVENTS_RECORDED = new Topic<readonly StoredFleetEvent[]>('fleet-events.recorded');

/** After a late message (docs/events.md, "Late messages"): events re-dated under their id (what they opened follows their time). */
export const FLEET_EVENTS_MOVED = new Topic<readonly StoredFleetEvent[]>('fleet-events.moved');

/** After a late message: events that no longer happened, removed (what was built from them follows). */
export const FLEET_EVENTS_REMOVED = new Topic<readonly StoredFleetEvent[]>('fleet-events.removed');

/** End events told before a start that a replay found before them: they settle what that start opened, and open nothing. */
export const FLEET_EVENTS_ENDED_AGAIN = new Topic<readonly StoredFleetEvent[]>('fleet-events.ended-again');
