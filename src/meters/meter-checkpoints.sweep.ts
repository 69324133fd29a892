import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { InjectUnscopedModel, scopeOfClient } from '@app/database';
import { Jobs, LeaseCheck, NOT_LEASED } from '@app/jobs';
import { MeterCheckpoints, NewestCheckpoint } from './meter-checkpoints';
import { AssetMeter } from './schemas/asset-meter.schema';

/** How often the checkpoints past the span are deleted (a recurring job, once across instances). */
export const METER_CHECKPOINTS_SWEEP_EVERY_MS = 5 * 60_000;
/** Assets per delete: one filter of this many branches, each delete one pass over the collection on the embedded server. */
const ASSETS_PER_DELETE = 1000;

/**
 * Deletes every asset's checkpoints past the span (`meters.checkpoints-prune`), instead of the
 * ingestion batch that added one: on the embedded server that delete scans the whole collection
 * (a day of checkpoints of every asset), which a batch cannot afford and a sweep every few minutes
 * can. Until it runs, a replay skips the ones past the span itself (it checks their time), so
 * the sweep only bounds the collection's size.
 */
@Injectable()
export class MeterCheckpointsSweep implements OnModuleInit {
  private readonly logger = new Logger(MeterCheckpointsSweep.name);

  constructor(
    // Every client's meters with checkpoints: the sweep's one read across clients.
    @InjectUnscopedModel(AssetMeter) private readonly allMeters: Model<AssetMeter>,
    private readonly checkpoints: MeterCheckpoints,
    private readonly jobs: Jobs,
  ) {}

  onModuleInit(): void {
    this.jobs.every('meters.checkpoints-prune', METER_CHECKPOINTS_SWEEP_EVERY_MS, async ({ lease }) => void (await this.sweep(lease)));
  }

  /** Deletes the checkpoints past the span, per client, while `lease` holds; answers how many went. */
  async sweep(lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const meters = await this.allMeters.find({ lastCheckpointTs: { $ne: null } }, { clientId: 1, lastCheckpointTs: 1 }).lean<Array<{ _id: Types.ObjectId; clientId: Types.ObjectId; lastCheckpointTs: number | null }>>().exec();
    const byClient = new Map<string, { clientId: Types.ObjectId; assets: NewestCheckpoint[] }>();
    for (const { _id, clientId, lastCheckpointTs } of meters) {
      const key = clientId.toHexString();
      if (!byClient.has(key)) byClient.set(key, { clientId, assets: [] });
      byClient.get(key)!.assets.push({ assetId: _id, lastCheckpointTs: lastCheckpointTs! });
    }
    let deleted = 0;
    for (const { clientId, assets } of byClient.values()) {
      for (let i = 0; i < assets.length; i += ASSETS_PER_DELETE) {
        lease.assertHeld();
        deleted += await this.checkpoints.dropPastTheSpan(scopeOfClient(clientId), assets.slice(i, i + ASSETS_PER_DELETE));
      }
    }
    if (deleted > 0) this.logger.log(`${deleted} meter checkpoint(s) past the span deleted`);
    return deleted;
  }
}
