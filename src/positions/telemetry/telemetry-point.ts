/** The kinds of harsh driving, in the order they are stored and detected. */
export const HARSH_KINDS = ['acceleration', 'braking', 'cornering'] as const;
export type HarshKind = (typeof HARSH_KINDS)[number];
/** A device's own harsh-driving flags: the value it sent (null for a plain `true`); kinds not flagged are absent. */
export type DeviceHarshFlags = Partial<Record<HarshKind, number | null>>;

/**
 * A flespi-style message reduced to what the statistics and trips need. Messages are flat JSON
 * objects with dotted keys (`position.latitude`); nested objects (`{position: {latitude}}`) are
 * read too.
 */
export interface TelemetryPoint {
  /** Unix seconds (flespi `timestamp`; may carry a fraction). */
  ts: number;
  lat: number | null;
  lng: number | null;
  /** km/h */
  speed: number | null;
  /** metres */
  alt: number | null;
  /** degrees */
  dir: number | null;
  /** Readings by sensor name (`temperature.1`, `ble.sensor.temperature.2`, …), °C. */
  temps: Record<string, number>;
  /** `engine.ignition.status`; null or absent when the device does not report it. */
  ignition?: boolean | null;
  /** `vehicle.mileage` (km, the device's own odometer); absent when the device does not send it. */
  mileage?: number | null;
  /** The driver's key the device read (flespi `driver.id`, `ibutton.code`, `rfid.code`); absent when it sends none. */
  driverKey?: string;
  /** flespi `harsh.acceleration`, `harsh.braking`, `harsh.cornering` when truthy; absent when none is. */
  harsh?: DeviceHarshFlags;
}

/** The message keys that carry the key of the driver at the wheel, in the order they are believed. */
export const DRIVER_KEY_FIELDS = ['driver.id', 'ibutton.code', 'rfid.code'] as const;

/** The message keys read as temperature sensors; the key is the sensor's name. */
export const TEMPERATURE_KEY = /^(?:ble\.sensor\.|sensor\.)?temperature(?:\.\d{1,2})?$/;

/** The flespi fields a position/temperature query asks for (flespi wants them listed). */
export const POSITION_FIELDS = ['timestamp', 'position.latitude', 'position.longitude', 'position.speed', 'position.altitude', 'position.direction'];
export const TEMPERATURE_FIELDS = [
  'temperature',
  ...[1, 2, 3, 4].flatMap((n) => [`temperature.${n}`, `sensor.temperature.${n}`, `ble.sensor.temperature.${n}`]),
];

type Message = Record<string, unknown>;

function read(message: Message, key: string): unknown {
  if (key in message) return message[key];
  const [head, ...rest] = key.split('.');
  const nested = message[head];
  return nested && typeof nested === 'object' && rest.length > 0 ? read(nested as Message, rest.join('.')) : undefined;
}

function numberIn(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** flespi sends booleans; some devices 0/1. */
function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  return value === 0 || value === 1 ? value === 1 : null;
}

function addTemperatures(temps: Record<string, number>, message: Message, prefix: string): void {
  // A plain loop with a cheap test first: this runs for every imported message.
  for (const key in message) {
    const value = message[key];
    if (typeof value === 'number') {
      const name = prefix + key;
      if (name.includes('temperature') && Number.isFinite(value) && TEMPERATURE_KEY.test(name)) temps[name] = value;
    } else if (prefix === '' && value && typeof value === 'object' && !Array.isArray(value)) {
      addTemperatures(temps, value as Message, `${key}.`);
    }
  }
}

/** The driver's key a message carries: a non-empty string or a non-zero number (0 is "no key" on most devices). */
function driverKeyOf(m: Message): string | undefined {
  for (const field of DRIVER_KEY_FIELDS) {
    const value = field in m ? m[field] : m.driver || m.ibutton || m.rfid ? read(m, field) : undefined;
    if (typeof value === 'string' && value.trim() !== '' && value.length <= 64) return value.trim();
    if (typeof value === 'number' && Number.isSafeInteger(value) && value !== 0) return String(value);
  }
  return undefined;
}

const HARSH_KEYS = HARSH_KINDS.map((kind) => [kind, `harsh.${kind}`] as const);

/** The harsh-driving flags a message raises (`true`, or a non-zero number kept as the value), or null. */
function harshFlagsOf(m: Message): DeviceHarshFlags | null {
  // Cheap for the many messages without any: three key lookups, no split of the keys.
  const nested = m.harsh;
  const inner = nested && typeof nested === 'object' ? (nested as Message) : null;
  let flags: DeviceHarshFlags | null = null;
  for (const [kind, key] of HARSH_KEYS) {
    const value = key in m ? m[key] : inner?.[kind];
    if (value === true) (flags ??= {})[kind] = null;
    else if (typeof value === 'number' && Number.isFinite(value) && value !== 0) (flags ??= {})[kind] = value;
  }
  return flags;
}

/** The point a message carries, or null when it has no usable timestamp. */
export function toTelemetryPoint(message: unknown): TelemetryPoint | null {
  if (!message || typeof message !== 'object' || Array.isArray(message)) return null;
  const m = message as Message;
  const ts = numberIn(m.timestamp, 0, 32503680000);
  if (ts === null) return null;
  let lat = numberIn(read(m, 'position.latitude'), -90, 90);
  let lng = numberIn(read(m, 'position.longitude'), -180, 180);
  // Without a GPS fix (`position.valid: false`) a device repeats 0,0 or an old cell position and
  // speed: not where it is, nor how fast it goes. Its sensors, ignition and mileage still count.
  const fixed = read(m, 'position.valid') !== false;
  if (lat === null || lng === null || !fixed) lat = lng = null;
  const temps: Record<string, number> = {};
  addTemperatures(temps, m, '');
  const point: TelemetryPoint = {
    ts,
    lat,
    lng,
    speed: fixed ? numberIn(read(m, 'position.speed'), 0, 2000) : null,
    alt: fixed ? numberIn(read(m, 'position.altitude'), -20000, 100000) : null,
    dir: fixed ? numberIn(read(m, 'position.direction'), 0, 360) : null,
    temps,
  };
  const ignition = booleanOf(read(m, 'engine.ignition.status'));
  if (ignition !== null) point.ignition = ignition;
  const mileage = numberIn(read(m, 'vehicle.mileage'), 0, 100_000_000);
  if (mileage !== null) point.mileage = mileage;
  const driverKey = driverKeyOf(m);
  if (driverKey !== undefined) point.driverKey = driverKey;
  const harsh = harshFlagsOf(m);
  if (harsh) point.harsh = harsh;
  return point;
}
