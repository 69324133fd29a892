import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { DatabaseLocation } from '@app/database';
import { TrackerRouting } from '@app/fleet';
import { LatestPositions, TelemetryIngestor } from '../../positions';
import { DEMO_ROUTES } from '../demo-routes';
import { DEMO_CLIENTS } from '../seeders/identity-fleet.seeder';
import { RoutePosition, RouteWalker } from './route-walker';

/** Highway pace with some variation: a demo vehicle is seen moving on the map within a minute. */
const CRUISE_KMH = 72;
/** Minutes a vehicle stands at each waypoint (a customer, the depot, a fuel station): a visit to its place. */
const STOP_MINUTES = 5;
/**
 * Kilometres over which a vehicle gathers speed from a stop and sheds it before the next: a careful
 * driver over 400 m (about 4 km/h a second at 5-s reports), the demo's harsh driver over 20 m (from
 * standstill to cruise between two reports: a harsh acceleration and a harsh braking at every stop).
 */
const CAREFUL_RAMP_KM = 0.4;
const HARSH_RAMP_KM = 0.02;

interface Vehicle {
  vendorId: number;
  walker: RouteWalker;
  /** Where on its loop the vehicle starts when it was never seen, so the fleet is spread out. */
  offsetKm: number;
  /** Where on its loop it starts this run: where its tracker was last seen (read at its first report), else `offsetKm`. */
  startKm?: number;
  /** The kilometres it speeds up and slows down over at its stops. */
  rampKm: number;
}

/**
 * `npm start`'s demo vehicles: every acme and globex tracker of the demo drives its demo route,
 * out and back, and reports a flespi-style position through the one ingestion path, so the latest
 * positions, the live stream, tracks and trips change while one watches. On by default on the
 * embedded database (`DEMO_SIMULATOR`), never in tests unless asked, never with `MONGODB_URI`
 * unless `DEMO_SIMULATOR=true`. After a restart each vehicle carries on from where its tracker was
 * last seen (it stood there while the app was down): it never jumps back to the start of its route,
 * which would invent crossings dated while the app was down.
 */
@Injectable()
export class DemoSimulator implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DemoSimulator');
  private timer?: NodeJS.Timeout;
  private tick?: Promise<void>;
  private readonly startedAt = Date.now();
  private readonly vehicles: Vehicle[] = [
    // acme's first vehicle is driven harshly, so the demo's driving scores differ and show their evidence.
    ...this.fleet(DEMO_CLIENTS.acme.vendorBase, DEMO_ROUTES.santiago, DEMO_CLIENTS.acme.vendorBase + 1),
    ...this.fleet(DEMO_CLIENTS.globex.vendorBase, DEMO_ROUTES.concepcion),
  ];

  constructor(
    private readonly config: AppConfig,
    private readonly location: DatabaseLocation,
    private readonly routing: TrackerRouting,
    private readonly ingestor: TelemetryIngestor,
    private readonly latest: LatestPositions,
  ) {}

  get enabled(): boolean {
    if (!this.config.runsBackgroundWork) return false;
    const asked = this.config.get('DEMO_SIMULATOR');
    if (asked !== undefined) return asked;
    return this.location.isEmbedded && this.config.get('NODE_ENV') !== 'test';
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return;
    const every = this.config.get('DEMO_SIMULATOR_INTERVAL_MS');
    this.timer = setInterval(() => {
      // A slow tick is not stacked under the next one.
      this.tick ??= this.report()
        .then(
          () => undefined,
          (error: Error) => this.logger.warn(`demo simulator: ${error.message}`),
        )
        .finally(() => (this.tick = undefined));
    }, every);
    this.timer.unref();
    this.logger.log(`Demo simulator: ${this.vehicles.length} demo vehicles report a position every ${every / 1000} s (DEMO_SIMULATOR=false turns it off)`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.tick;
  }

  /** One position of every demo vehicle whose tracker exists (before the seed, none does). */
  async report(now = Date.now()): Promise<number> {
    const hoursDriven = (now - this.startedAt) / 3_600_000;
    let reported = 0;
    for (const vehicle of this.vehicles) {
      const tracker = await this.routing.findByVendorId(vehicle.vendorId);
      if (!tracker) continue;
      vehicle.startKm ??= await this.startOf(vehicle, tracker._id.toHexString());
      const position = vehicle.walker.at(vehicle.startKm + hoursDriven * CRUISE_KMH);
      const wobble = Math.sin(now / 20_000 + vehicle.vendorId) * 6;
      await this.ingestor
        .ingestPoints(tracker, [
          {
            ts: Math.floor(now / 1000),
            lat: position.lat,
            lng: position.lng,
            speed: speedAt(position, CRUISE_KMH + wobble, vehicle.rampKm),
            dir: position.direction,
            alt: 520,
            ignition: !position.stopped,
            temps: { 'temperature.1': Math.round((4 + wobble / 10) * 10) / 10, 'temperature.2': Math.round((-18 + wobble / 10) * 10) / 10 },
          },
        ])
        .then(() => reported++)
        .catch((error: Error) => this.logger.warn(`demo vehicle ${vehicle.vendorId}: ${error.message}`));
    }
    return reported;
  }

  /** The kilometre of its loop a vehicle starts this run from: where its tracker was last seen, if ever. */
  private async startOf(vehicle: Vehicle, trackerId: string): Promise<number> {
    const seen = (await this.latest.of([trackerId])).get(trackerId);
    return seen ? vehicle.walker.kmNearest(seen.lat, seen.lng) : vehicle.offsetKm;
  }

  /**
   * Two vehicles a route: the first leaves the depot as the app starts (seen moving at once), the
   * second stands at a waypoint a third of the way round (a visit to its place within minutes).
   */
  private fleet(vendorBase: number, routes: readonly [number, number][][], harshVendorId?: number): Vehicle[] {
    const stopKm = (CRUISE_KMH * STOP_MINUTES) / 60;
    return [1, 2].map((n) => {
      const walker = new RouteWalker(routes[(n - 1) % routes.length], stopKm);
      const rampKm = vendorBase + n === harshVendorId ? HARSH_RAMP_KM : CAREFUL_RAMP_KM;
      return { vendorId: vendorBase + n, walker, offsetKm: n === 1 ? stopKm : walker.nextStopKm(walker.totalKm / 3), rampKm };
    });
  }
}

/** The speed a vehicle reports: none at a stop, cruise on the road, ramped over `rampKm` near either end of a leg. */
export function speedAt(position: RoutePosition, cruiseKmh: number, rampKm: number): number {
  if (position.stopped) return 0;
  const share = position.edgeKm === undefined ? 1 : Math.min(1, Math.max(0.15, position.edgeKm / rampKm));
  return Math.round(cruiseKmh * share * 10) / 10;
}
