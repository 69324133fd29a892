import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Model } from 'mongoose';
import { InjectRepository, InjectUnscopedModel, scopeOfClient, TenantRepository } from '@app/database';
import { Asset, eventSettingsOf } from '@app/fleet';
import { Jobs } from '@app/jobs';
import { FleetEvents } from '../fleet-events.service';
import { AssetEventState } from '../schemas/asset-event-state.schema';

/** How often the sweep looks (a recurring job across instances): an offline event comes within it of the threshold. */
export const OFFLINE_SWEEP_EVERY_MS = 30_000;
/** The shortest threshold an asset may set (`eventSettings.offlineMinutes`): no asset is looked at sooner. */
const MIN_OFFLINE_S = 5 * 60;

/**
 * `tracker.offline` for assets whose tracker sent nothing for their `offlineMinutes`, at the
 * moment the threshold passed; the next fix is `tracker.online` (the detector). Across all
 * clients: the candidates' states are read in one query, the rest in each client's scope.
 */
@Injectable()
export class OfflineSweep implements OnModuleInit {
  private readonly logger = new Logger(OfflineSweep.name);

  constructor(
    // The one read across clients of this domain: the states of every silent asset.
    @InjectUnscopedModel(AssetEventState) private readonly allStates: Model<AssetEventState>,
    @InjectRepository(AssetEventState) private readonly states: TenantRepository<AssetEventState>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly events: FleetEvents,
    private readonly jobs: Jobs,
  ) {}

  onModuleInit(): void {
    this.jobs.every('events.tracker-offline', OFFLINE_SWEEP_EVERY_MS, async () => void (await this.sweep()));
  }

  /** Marks (and tells) the assets silent past their threshold as of `now`; answers how many. */
  async sweep(now = new Date()): Promise<number> {
    const seconds = now.getTime() / 1000;
    const silent = await this.allStates.find({ offline: null, lastTs: { $lt: seconds - MIN_OFFLINE_S } }, { state: 0, checkpoints: 0 }).lean<AssetEventState[]>().exec();
    let marked = 0;
    for (const candidate of silent) {
      const client = scopeOfClient(candidate.clientId);
      const asset = await this.assets.findById(client, candidate.assetId.toHexString());
      if (!asset || asset.archivedAt || candidate.lastTs === null) continue;
      const since = candidate.lastTs + eventSettingsOf(asset).offlineMinutes * 60;
      if (since > seconds) continue;
      // The event first: killed before the mark, the next sweep finds it again (the same event).
      await this.events.record([{ clientId: asset.clientId, assetId: asset._id, assetName: asset.name, type: 'tracker.offline', occurredAt: new Date(since * 1000), details: { lastFixAt: new Date(candidate.lastTs * 1000).toISOString(), offlineMinutes: eventSettingsOf(asset).offlineMinutes } }]);
      // Only if no fix came meanwhile (the detector moved `lastTs`).
      const updated = await this.states.updateOne(client, { _id: candidate._id, offline: null, lastTs: candidate.lastTs }, { $set: { offline: { since, lastFixAt: candidate.lastTs } } });
      if (updated.modified > 0) marked++;
    }
    if (marked > 0) this.logger.log(`${marked} tracker(s) offline`);
    return marked;
  }
}
