import { Logger } from '@nestjs/common';
import { InjectRepository, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { EventsProcessor, FleetEvent } from '../../events';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';

const HISTORY_DAYS = 10;

/**
 * The demo trucks' event settings (a speed limit, the chilled compartment's range), and their
 * events of the seeded history: the detector run over the telemetry the positions seeder wrote.
 * The manifest gets `events.example`.
 */
@DemoSeederProvider({ order: 36 })
export class EventsDemoSeeder implements DemoSeeder {
  private readonly logger = new Logger(EventsDemoSeeder.name);

  constructor(
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    @InjectRepository(FleetEvent) private readonly events: TenantRepository<FleetEvent>,
    private readonly detection: EventsProcessor,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const settings = { speedLimitKmh: 90, idleMinutes: 5, offlineMinutes: 30, temperature: { min: -25, max: 6 } };
    const now = Math.floor(Date.now() / 1000);
    let read = 0;
    for (const [asset, tracker] of [
      [client.assets.tracked, client.trackers.tracked],
      [client.assets.outOfScope, client.trackers.outOfScope],
    ] as const) {
      await this.assets.updateRecord(client.scope, asset, { $set: { eventSettings: settings } });
      read += await this.detection.backfill(
        { clientId: tracker.clientId, trackerId: tracker._id, vendorId: tracker.vendorId, assetId: asset._id },
        now - HISTORY_DAYS * 86_400,
        now,
      );
    }
    const example = await this.events.findOne(client.scope, { assetId: client.assets.tracked._id }, { sort: { occurredAt: -1 } });
    client.manifest.events = { example: example?._id.toHexString() ?? null };
    this.logger.log(`Demo events of ${client.name}: detected over ${read} stored messages`);
  }
}
