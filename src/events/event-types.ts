/** What a tracker's fixes alone produce, where it is and how it moves. */
const POSITION_EVENT_TYPES = [
  'geofence.enter',
  'geofence.exit',
  'place.arrival',
  'place.departure',
  'speeding.start',
  'speeding.end',
  'idling.start',
  'idling.end',
  'ignition.on',
  'ignition.off',
] as const;

/** What a tracker's fixes alone produce from its sensors. */
const SENSOR_EVENT_TYPES = ['temperature.out_of_range', 'temperature.back_in_range', 'harsh.acceleration', 'harsh.braking', 'harsh.cornering'] as const;

/** Every fleet event type (docs/events.md has what each means and its details). */
export const FLEET_EVENT_TYPES = [
  ...POSITION_EVENT_TYPES,
  'tracker.offline',
  'tracker.online',
  ...SENSOR_EVENT_TYPES,
  'inspection.critical',
  'inspection.away_from_vehicle',
  'work_order.overdue',
  'maintenance.due_soon',
  'maintenance.overdue',
  'task.arrived',
  'task.late',
  'task.eta_late',
  'task.done',
  'task.failed',
] as const;

/** The types the detector derives from fixes alone, so a replay of a stretch finds them again (offline and online come from the sweep's clock too). */
export const FIX_EVENT_TYPES: ReadonlySet<string> = new Set([...POSITION_EVENT_TYPES, ...SENSOR_EVENT_TYPES]);

export type FleetEventType = (typeof FLEET_EVENT_TYPES)[number];

/** The event that ends a state another began (an alert opened by the first is resolved by the second). */
export const END_OF: Readonly<Partial<Record<FleetEventType, FleetEventType>>> = {
  'geofence.enter': 'geofence.exit',
  'place.arrival': 'place.departure',
  'speeding.start': 'speeding.end',
  'idling.start': 'idling.end',
  'ignition.on': 'ignition.off',
  'tracker.offline': 'tracker.online',
  'temperature.out_of_range': 'temperature.back_in_range',
};

export const isFleetEventType = (value: unknown): value is FleetEventType => (FLEET_EVENT_TYPES as readonly unknown[]).includes(value);
