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

type DemoOptions = { routes: LatLng[][]; from: number; to: number; zone: string; seed: number; firstTripId: number };

/**
 * A refrigerated truck's last days, one message a minute: parked at the depot, a run out along
 * a route from 08:00 (local), an unloading stop, the run back. Two sensors: the chilled
 * compartment (`temperature.1`, about 4 °C, warmer while unloading) and the freezer
 * (`temperature.2`, about −18 °C). Each run is a trip.
 */
export function demoTelemetry(options: DemoOptions): DemoTelemetry {
  const truck = new DemoTruck(options);
  const depot = options.routes[0][0];
  let day = DateTime.fromSeconds(truck.ts, { zone: options.zone }).startOf('day');
  for (let n = 0; truck.ts <= options.to; n++, day = day.plus({ days: 1 })) {
    const route = options.routes[n % options.routes.length];
    truck.park(depot, day.set({ hour: 8 }).toUnixInteger());
    if (truck.ts > options.to) break;
    if (truck.ts >= day.set({ hour: 8, minute: 30 }).toUnixInteger()) {
      truck.park(depot, day.plus({ days: 1 }).toUnixInteger()); // seeding started after the day's run
      continue;
    }
    truck.drive(route);
    truck.park(route[route.length - 1], truck.ts + 75 * 60, true);
    truck.drive([...route].reverse());
    truck.battery = 100; // charged overnight at the depot
    truck.park(depot, day.plus({ days: 1 }).toUnixInteger());
  }
  return { points: truck.points, trips: truck.trips };
}

/** The truck as its messages are written, one a minute from `ts` on, until the options' `to`. */
class DemoTruck {
  readonly points: TelemetryPoint[] = [];
  readonly trips: TripRecord[] = [];
  ts: number;
  battery = 100;
  private readonly random: () => number;

  constructor(private readonly options: DemoOptions) {
    this.random = seededRandom(options.seed);
    this.ts = Math.ceil(options.from / STEP) * STEP;
  }

  /** Stands at `at` until `until`. */
  park(at: LatLng, until: number, unloading = false): void {
    for (; this.ts < until && this.ts <= this.options.to; this.ts += STEP)
      this.points.push({ ts: this.ts, lat: at[0], lng: at[1], speed: 0, alt: 520, dir: 0, temps: this.reading(unloading) });
  }

  /** Drives along `path`: a trip, once it arrives before `to`. */
  drive(path: LatLng[]): void {
    const begin = this.ts;
    const tripPoints = this.driveAlong(path);
    const end = path[path.length - 1];
    if (this.ts > this.options.to) return;
    const arrival = { ts: this.ts, lat: end[0], lng: end[1], speed: 0, alt: 300, dir: 0, temps: this.reading(false) };
    this.points.push(arrival);
    tripPoints.push(arrival);
    this.ts += STEP;
    const startBattery = this.battery;
    this.battery = Math.max(60, this.battery - 2 - Math.round(this.random() * 3));
    this.trips.push(
      buildTrip(
        { id: this.options.firstTripId + this.trips.length, begin, end: arrival.ts, startBatteryLevel: startBattery, endBatteryLevel: this.battery },
        tripPoints,
      ),
    );
  }

  /** The messages on the way, the speed drifting between 25 and 95 km/h; answers them. */
  private driveAlong(path: LatLng[]): TelemetryPoint[] {
    const tripPoints: TelemetryPoint[] = [];
    let leg = 0;
    let along = 0; // km into the current leg
    let speed = 0;
    while (leg < path.length - 1 && this.ts <= this.options.to) {
      const [a, b] = [path[leg], path[leg + 1]];
      const legKm = haversineKm(a[0], a[1], b[0], b[1]);
      const f = Math.min(1, along / legKm);
      const dir = (Math.round((Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI) + 360) % 360;
      const point = {
        ts: this.ts,
        lat: a[0] + (b[0] - a[0]) * f,
        lng: a[1] + (b[1] - a[1]) * f,
        speed,
        alt: 300 + Math.round(this.random() * 400),
        dir,
        temps: this.reading(false),
      };
      this.points.push(point);
      tripPoints.push(point);
      this.ts += STEP;
      speed = Math.round(Math.min(95, Math.max(25, speed + (this.random() - 0.35) * 25)));
      along += speed / 60;
      while (leg < path.length - 1 && along >= haversineKm(path[leg][0], path[leg][1], path[leg + 1][0], path[leg + 1][1])) {
        along -= haversineKm(path[leg][0], path[leg][1], path[leg + 1][0], path[leg + 1][1]);
        leg++;
      }
    }
    return tripPoints;
  }

  /** The two compartments' temperatures; the chilled one warmer while unloading. */
  private reading(unloading: boolean) {
    return {
      'temperature.1': Math.round((3.5 + this.random() * 1.2 + (unloading ? 2.5 : 0)) * 10) / 10,
      'temperature.2': Math.round((-18.6 + this.random() * 1.4) * 10) / 10,
    };
  }
}
