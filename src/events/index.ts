// The public surface of fleet events: recording one (other domains), hearing of them (alerts), their catalog and view.
export { EventsModule } from './events.module';
export { FleetEvents } from './fleet-events.service';
export { FLEET_EVENTS_ENDED_AGAIN, FLEET_EVENTS_MOVED, FLEET_EVENTS_RECORDED, FLEET_EVENTS_REMOVED } from './fleet-events-recorded';
export type { NewFleetEvent, StoredFleetEvent } from './fleet-event.types';
export { placeEventsInOrder } from './place-events';
export { END_OF, FLEET_EVENT_TYPES, isFleetEventType, type FleetEventType } from './event-types';
export { FleetEventView, toFleetEventView } from './fleet-event.view';
export { FleetEvent } from './schemas/fleet-event.schema';
// The detector, for the demo seed's history (written straight into the store).
export { EventsProcessor } from './detection/events-processor';
// Events of assets over a period (the driving scores count harsh events), the idling and speed-limit rules they measure by.
export { EventsOfTypes } from './events-of-types';
export { isIdlingFix, STILL_KMH } from './detection/motion-rules';
export { lowestSpeedLimit } from './detection/fence-rules';
