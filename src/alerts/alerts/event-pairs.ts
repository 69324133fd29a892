import { END_OF, type FleetEventType } from '../../events';

/** The start types an end type ends (`geofence.exit` ends `geofence.enter`). */
const STARTS_ENDED_BY = new Map<string, FleetEventType[]>();
for (const [start, end] of Object.entries(END_OF)) STARTS_ENDED_BY.set(end, [...(STARTS_ENDED_BY.get(end) ?? []), start as FleetEventType]);

/** An event that ends a state (`geofence.exit`, `*.end`, `tracker.online`, …): what it tells is already over. */
export const isEndEvent = (type: string): boolean => STARTS_ENDED_BY.has(type);

export const startsEndedBy = (type: string): readonly FleetEventType[] => STARTS_ENDED_BY.get(type) ?? [];
