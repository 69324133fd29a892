import { Logger } from '@nestjs/common';
import type { StoredTracker } from '@app/fleet';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { ImportedHistory } from '../../positions';
import { DEMO_ROUTES, demoTelemetry } from '../demo-routes';

const DEMO_DAYS = 10;
const DEMO_ZONE = 'America/Santiago';

/**
 * Ten days of telemetry (a message a minute, two temperature sensors) and the trips of both demo
 * trackers of each client, written in bulk as history (`ImportedHistory`); completes the manifest's
 * `vendorIds` and `trip`.
 */
@DemoSeederProvider({ order: 30 })
export class PositionsDemoSeeder implements DemoSeeder {
  private readonly logger = new Logger(PositionsDemoSeeder.name);

  constructor(private readonly history: ImportedHistory) {}

  async seed(client: DemoClientContext): Promise<void> {
    const started = Date.now();
    const to = Math.floor(Date.now() / 1000);
    const routes = client.key === 'acme' ? DEMO_ROUTES.santiago : DEMO_ROUTES.concepcion;
    const [tracked] = await Promise.all([
      this.seedTracker(client.trackers.tracked, routes, to, 1),
      this.seedTracker(client.trackers.outOfScope, [...routes].reverse(), to, 2),
    ]);
    const vendorIds = (client.manifest.vendorIds ?? {}) as Record<string, number>;
    client.manifest.vendorIds = { ...vendorIds, tracked: client.trackers.tracked.vendorId, outOfScope: client.trackers.outOfScope.vendorId };
    client.manifest.trip = { vendorId: client.trackers.tracked.vendorId, tripId: tracked.trips.at(-1)!.id };
    this.logger.log(`Demo telemetry of ${client.name}: ${tracked.points} points a tracker, ${tracked.trips.length} trips, in ${Date.now() - started} ms`);
  }

  private async seedTracker(tracker: StoredTracker, routes: Parameters<typeof demoTelemetry>[0]['routes'], to: number, seed: number) {
    const demo = demoTelemetry({ routes, from: to - DEMO_DAYS * 86400, to, zone: DEMO_ZONE, seed: tracker.vendorId * 10 + seed, firstTripId: 1001 });
    await this.history.write(tracker, demo.points, demo.trips);
    return { points: demo.points.length, trips: demo.trips };
  }
}
