import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { MetersService } from '../../meters';
import { ServiceStatus } from '../schemas/service-status.schema';
import { meterWatchOf } from './status-rules';

/**
 * From this many assets, a rewatch reads the client's statuses whole and picks the assets' in
 * code: mongo-java-server scans for an `$in` on `assetId` anyway and tests every status against
 * the whole list (a plan on 10 000 assets spent most of its creation there).
 */
const WHOLE_CLIENT_REWATCH_FROM = 1000;

type Watch = { odometerKm: number | null; engineHours: number | null };

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** What the meters watch for the plans: per asset, the lowest next threshold over its statuses. */
@Injectable()
export class ServiceMeterWatch {
  constructor(
    @InjectRepository(ServiceStatus) private readonly statuses: TenantRepository<ServiceStatus>,
    private readonly meters: MetersService,
  ) {}

  /** The meters' watch of these assets, after their statuses changed. */
  async rewatch(clientId: Types.ObjectId, assetIds: readonly Types.ObjectId[]): Promise<void> {
    if (assetIds.length === 0) return;
    const scope = scopeOfClient(clientId);
    const filter = assetIds.length >= WHOLE_CLIENT_REWATCH_FROM ? {} : { assetId: { $in: [...assetIds] } };
    const statuses = await this.statuses.find(scope, filter, { projection: { assetId: 1, clientId: 1, state: 1, next: 1, soon: 1 } });
    const watches = new Map<string, Watch>(assetIds.map((id) => [id.toHexString(), { odometerKm: null, engineHours: null }]));
    for (const status of statuses) {
      const kept = watches.get(status.assetId.toHexString());
      if (!kept) continue; // another asset's (the whole client's statuses were read)
      const watch = meterWatchOf({ next: status.next, soon: status.soon }, status.state);
      kept.odometerKm = lower(kept.odometerKm, watch.odometerKm);
      kept.engineHours = lower(kept.engineHours, watch.engineHours);
    }
    await this.meters.watchMany(clientId, watches);
  }
}
