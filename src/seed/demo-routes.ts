import { DateTime } from 'luxon';
import { buildTrip, haversineKm, type TelemetryPoint, type TripRecord } from '../positions';

type LatLng = [number, number];

/** Highway routes out of a depot (roughly along Ruta 68 and Ruta 5 Sur, and around Concepción). */
export const DEMO_ROUTES: Record<'santiago' | 'concepcion', LatLng[][]> = {
  santiago: [
    [
      [-33.485, -70.7],
      [-33.45, -70.8],
      [-33.406, -71.133],
      [-33.319, -71.41],
      [-33.16, -71.55],
      [-33.0458, -71.6197],
    ],
    [
      [-33.485, -70.7],
      [-33.58, -70.7],
      [-33.75, -70.74],
      [-33.95, -70.72],
      [-34.1708, -70.7444],
    ],
  ],
  concepcion: [
    [
      [-36.827, -73.0503],
      [-36.79, -72.94],
      [-36.72, -72.6],
      [-36.65, -72.3],
      [-36.6066, -72.1034],
    ],
    [
      [-36.827, -73.0503],
      [-36.98, -72.93],
      [-37.15, -72.6],
      [-37.3, -72.45],
      [-37.4697, -72.3537],
    ],
  ],
};

/** A small seeded generator (mulberry32): the demo data is the same on every seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STEP = 60;

export interface DemoTelemetry {
  points: TelemetryPoint[];
  trips: TripRecord[];
}

/**
 * A refrigerated truck's last days, one message a minute: parked at the depot, a run out along
 * a route from 08:00 (local), an unloading stop, the run back. Two sensors: the chilled
 * compartment (`temperature.1`, about 4 °C, warmer while unloading) and the freezer
 * (`temperature.2`, about −18 °C). Each run is a trip.
 */
export function demoTelemetry(options: { routes: LatLng[][]; from: number; to: number; zone: string; seed: number; firstTripId: number }): DemoTelemetry {
  const random = seededRandom(options.seed);
  const points: TelemetryPoint[] = [];
  const trips: TripRecord[] = [];
  const depot = options.routes[0][0];
  let ts = Math.ceil(options.from / STEP) * STEP;
  let battery = 100;
  const reading = (unloading: boolean) => ({
    'temperature.1': Math.round((3.5 + random() * 1.2 + (unloading ? 2.5 : 0)) * 10) / 10,
    'temperature.2': Math.round((-18.6 + random() * 1.4) * 10) / 10,
  });
  const park = (at: LatLng, until: number, unloading = false) => {
    for (; ts < until && ts <= options.to; ts += STEP) points.push({ ts, lat: at[0], lng: at[1], speed: 0, alt: 520, dir: 0, temps: reading(unloading) });
  };
  const drive = (path: LatLng[]) => {
    const begin = ts;
    const tripPoints: TelemetryPoint[] = [];
    let leg = 0;
    let along = 0; // km into the current leg
    let speed = 0;
    while (leg < path.length - 1 && ts <= options.to) {
      const [a, b] = [path[leg], path[leg + 1]];
      const legKm = haversineKm(a[0], a[1], b[0], b[1]);
      const f = Math.min(1, along / legKm);
      const dir = (Math.round((Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI) + 360) % 360;
      const point = {
        ts,
        lat: a[0] + (b[0] - a[0]) * f,
        lng: a[1] + (b[1] - a[1]) * f,
        speed,
        alt: 300 + Math.round(random() * 400),
        dir,
        temps: reading(false),
      };
      points.push(point);
      tripPoints.push(point);
      ts += STEP;
      speed = Math.round(Math.min(95, Math.max(25, speed + (random() - 0.35) * 25)));
      along += speed / 60;
      while (leg < path.length - 1 && along >= haversineKm(path[leg][0], path[leg][1], path[leg + 1][0], path[leg + 1][1])) {
        along -= haversineKm(path[leg][0], path[leg][1], path[leg + 1][0], path[leg + 1][1]);
        leg++;
      }
    }
    const end = path[path.length - 1];
    if (ts <= options.to) {
      const arrival = { ts, lat: end[0], lng: end[1], speed: 0, alt: 300, dir: 0, temps: reading(false) };
      points.push(arrival);
      tripPoints.push(arrival);
      ts += STEP;
      const startBattery = battery;
      battery = Math.max(60, battery - 2 - Math.round(random() * 3));
      trips.push(
        buildTrip({ id: options.firstTripId + trips.length, begin, end: arrival.ts, startBatteryLevel: startBattery, endBatteryLevel: battery }, tripPoints),
      );
    }
  };

  let day = DateTime.fromSeconds(ts, { zone: options.zone }).startOf('day');
  for (let n = 0; ts <= options.to; n++, day = day.plus({ days: 1 })) {
    const route = options.routes[n % options.routes.length];
    park(depot, day.set({ hour: 8 }).toUnixInteger());
    if (ts > options.to) break;
    if (ts >= day.set({ hour: 8, minute: 30 }).toUnixInteger()) {
      park(depot, day.plus({ days: 1 }).toUnixInteger()); // seeding started after the day's run
      continue;
    }
    drive(route);
    park(route[route.length - 1], ts + 75 * 60, true);
    drive([...route].reverse());
    battery = 100; // charged overnight at the depot
    park(depot, day.plus({ days: 1 }).toUnixInteger());
  }
  return { points, trips };
}
