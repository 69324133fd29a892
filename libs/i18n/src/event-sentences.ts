import type { Language } from './language';
import { formatNumber, humanDuration } from './numbers';

/** What a sentence about an event needs: its type, the name of its geofence (or place), its details (docs/events.md). */
export interface EventFacts {
  type: string;
  /** The geofence's (or place's) name, for their events; null when it has none or it is gone. */
  placeName?: string | null;
  details?: Readonly<Record<string, unknown>>;
}

type Sentence = (facts: {
  place: string;
  d: Readonly<Record<string, unknown>>;
  n: (value: unknown, digits?: number) => string;
  dur: (value: unknown) => string;
  has: (key: string) => boolean;
}) => string;

/** A harsh-driving sentence: the peak in the threshold's unit when computed, the device named when it told it. */
const harsh =
  (what: string, unit: string, byDevice: string): Sentence =>
  ({ d, n, has }) =>
    `${what}${has('thresholdValue') && has('peak') ? ` (${n(d.peak, 2)} ${unit})` : d.source === 'device' ? ` (${byDevice})` : ''}`;

/**
 * One sentence per event type and language, saying what happened as a person says it ("Entró a
 * Bodega Central"), with the facts the event carries; a detail it lacks is left out, not guessed.
 */
const SENTENCES: Record<Language, Record<string, Sentence>> = {
  es: {
    'geofence.enter': ({ place }) => `Entró a ${place}`,
    'geofence.exit': ({ place }) => `Salió de ${place}`,
    'place.arrival': ({ place }) => `Llegó a ${place}`,
    'place.departure': ({ place }) => `Se fue de ${place}`,
    'speeding.start': ({ d, n, has }) =>
      has('limitKmh') ? `Superó el límite de ${n(d.limitKmh)} km/h${has('speedKmh') ? ` (${n(d.speedKmh)} km/h)` : ''}` : 'Superó el límite de velocidad',
    'speeding.end': ({ d, n, dur, has }) =>
      `Volvió a respetar el límite${has('limitKmh') ? ` de ${n(d.limitKmh)} km/h` : ''}${has('maxSpeedKmh') ? ` (máxima ${n(d.maxSpeedKmh)} km/h` + (has('durationSeconds') ? ` durante ${dur(d.durationSeconds)})` : ')') : ''}`,
    'idling.start': () => 'Quedó detenido con el motor encendido',
    'idling.end': ({ d, dur, has }) => `Dejó de estar detenido con el motor encendido${has('durationSeconds') ? ` (${dur(d.durationSeconds)})` : ''}`,
    'ignition.on': () => 'Encendió el motor',
    'ignition.off': () => 'Apagó el motor',
    'tracker.offline': ({ d, n, has }) => `El GPS dejó de transmitir${has('offlineMinutes') ? ` (sin datos por ${n(d.offlineMinutes)} min)` : ''}`,
    'tracker.online': ({ d, dur, has }) => `El GPS volvió a transmitir${has('offlineSeconds') ? ` tras ${dur(d.offlineSeconds)}` : ''}`,
    'temperature.out_of_range': ({ d, n, has }) =>
      `Temperatura fuera de rango${has('valueC') ? `: ${n(d.valueC)} °C` : ''}${has('sensor') ? ` en ${String(d.sensor)}` : ''}${has('min') && has('max') ? ` (rango ${n(d.min)} a ${n(d.max)} °C)` : ''}`,
    'temperature.back_in_range': ({ d, n, dur, has }) =>
      `Temperatura de vuelta en rango${has('valueC') ? `: ${n(d.valueC)} °C` : ''}${has('durationSeconds') ? ` tras ${dur(d.durationSeconds)} fuera` : ''}`,
    'harsh.acceleration': harsh('Aceleración brusca', 'km/h por segundo', 'según el equipo'),
    'harsh.braking': harsh('Frenada brusca', 'km/h por segundo', 'según el equipo'),
    'harsh.cornering': harsh('Giro brusco', 'g', 'según el equipo'),
    'inspection.critical': ({ has }) => `Inspección con una respuesta crítica${has('workOrderId') ? '; se abrió una orden de trabajo' : ''}`,
    'inspection.away_from_vehicle': ({ d, n, has }) => `Inspección enviada lejos del vehículo${has('distanceM') ? ` (a ${n(d.distanceM, 0)} m)` : ''}`,
    'work_order.overdue': ({ d, has }) => `Orden de trabajo vencida${has('title') ? `: ${String(d.title)}` : ''}`,
    'maintenance.due_soon': ({ d, has }) => `Mantención próxima${has('planName') ? `: ${String(d.planName)}` : ''}`,
    'maintenance.overdue': ({ d, has }) => `Mantención vencida${has('planName') ? `: ${String(d.planName)}` : ''}`,
    'task.arrived': ({ d, has }) => `Llegó a la tarea${has('title') ? ` «${String(d.title)}»` : ''}${d.late === true ? ' (atrasado)' : ''}`,
    'task.late': ({ d, has }) => `Tarea atrasada: no llegó a tiempo${has('title') ? ` a «${String(d.title)}»` : ''}`,
    'task.eta_late': ({ d, has }) => `Llegará tarde${has('title') ? ` a «${String(d.title)}»` : ''} según la hora estimada`,
    'task.done': ({ d, has }) => `Tarea completada${has('title') ? `: ${String(d.title)}` : ''}`,
    'task.failed': ({ d, has }) => `Tarea fallida${has('title') ? `: ${String(d.title)}` : ''}${has('reason') ? ` (${String(d.reason)})` : ''}`,
  },
  en: {
    'geofence.enter': ({ place }) => `Entered ${place}`,
    'geofence.exit': ({ place }) => `Left ${place}`,
    'place.arrival': ({ place }) => `Arrived at ${place}`,
    'place.departure': ({ place }) => `Departed from ${place}`,
    'speeding.start': ({ d, n, has }) =>
      has('limitKmh') ? `Went over the ${n(d.limitKmh)} km/h limit${has('speedKmh') ? ` (${n(d.speedKmh)} km/h)` : ''}` : 'Went over the speed limit',
    'speeding.end': ({ d, n, dur, has }) =>
      `Back within the${has('limitKmh') ? ` ${n(d.limitKmh)} km/h` : ''} limit${has('maxSpeedKmh') ? ` (top ${n(d.maxSpeedKmh)} km/h` + (has('durationSeconds') ? ` for ${dur(d.durationSeconds)})` : ')') : ''}`,
    'idling.start': () => 'Started idling (stopped with the engine on)',
    'idling.end': ({ d, dur, has }) => `Stopped idling${has('durationSeconds') ? ` (${dur(d.durationSeconds)})` : ''}`,
    'ignition.on': () => 'Ignition on',
    'ignition.off': () => 'Ignition off',
    'tracker.offline': ({ d, n, has }) => `The tracker went silent${has('offlineMinutes') ? ` (no data for ${n(d.offlineMinutes)} min)` : ''}`,
    'tracker.online': ({ d, dur, has }) => `The tracker is reporting again${has('offlineSeconds') ? ` after ${dur(d.offlineSeconds)}` : ''}`,
    'temperature.out_of_range': ({ d, n, has }) =>
      `Temperature out of range${has('valueC') ? `: ${n(d.valueC)} °C` : ''}${has('sensor') ? ` on ${String(d.sensor)}` : ''}${has('min') && has('max') ? ` (range ${n(d.min)} to ${n(d.max)} °C)` : ''}`,
    'temperature.back_in_range': ({ d, n, dur, has }) =>
      `Temperature back in range${has('valueC') ? `: ${n(d.valueC)} °C` : ''}${has('durationSeconds') ? ` after ${dur(d.durationSeconds)} out` : ''}`,
    'harsh.acceleration': harsh('Harsh acceleration', 'km/h per second', 'reported by the device'),
    'harsh.braking': harsh('Harsh braking', 'km/h per second', 'reported by the device'),
    'harsh.cornering': harsh('Harsh cornering', 'g', 'reported by the device'),
    'inspection.critical': ({ has }) => `Inspection with a critical answer${has('workOrderId') ? '; a work order was opened' : ''}`,
    'inspection.away_from_vehicle': ({ d, n, has }) => `Inspection submitted away from the vehicle${has('distanceM') ? ` (${n(d.distanceM, 0)} m away)` : ''}`,
    'work_order.overdue': ({ d, has }) => `Work order overdue${has('title') ? `: ${String(d.title)}` : ''}`,
    'maintenance.due_soon': ({ d, has }) => `Maintenance due soon${has('planName') ? `: ${String(d.planName)}` : ''}`,
    'maintenance.overdue': ({ d, has }) => `Maintenance overdue${has('planName') ? `: ${String(d.planName)}` : ''}`,
    'task.arrived': ({ d, has }) => `Arrived for the task${has('title') ? ` "${String(d.title)}"` : ''}${d.late === true ? ' (late)' : ''}`,
    'task.late': ({ d, has }) => `Task late: not there in time${has('title') ? ` for "${String(d.title)}"` : ''}`,
    'task.eta_late': ({ d, has }) => `Expected late${has('title') ? ` for "${String(d.title)}"` : ''} by its ETA`,
    'task.done': ({ d, has }) => `Task done${has('title') ? `: ${String(d.title)}` : ''}`,
    'task.failed': ({ d, has }) => `Task failed${has('title') ? `: ${String(d.title)}` : ''}${has('reason') ? ` (${String(d.reason)})` : ''}`,
  },
};

const UNNAMED_PLACE: Record<Language, string> = { es: 'una geocerca', en: 'a geofence' };

/** What happened, in a sentence without a subject (the asset is said beside it): "Entró a Bodega Central". */
export function eventSentence(facts: EventFacts, lang: Language): string {
  const sentence = SENTENCES[lang][facts.type];
  if (!sentence) return facts.type;
  const d = facts.details ?? {};
  return sentence({
    place: facts.placeName || UNNAMED_PLACE[lang],
    d,
    n: (value, digits = 1) => formatNumber(Number(value), lang, digits),
    dur: (value) => humanDuration(Number(value)),
    has: (key) => d[key] !== undefined && d[key] !== null && d[key] !== '',
  });
}

/** Whether there is a sentence for this type (the catalog's test reads every type). */
export const hasEventSentence = (type: string): boolean => type in SENTENCES.es && type in SENTENCES.en;
