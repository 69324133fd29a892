import { Injectable } from '@nestjs/common';
import { DomainEvents } from '@app/bus';
import { byClient, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { HELD_FIELDS, HeldMeters } from './held-meters';
import { MeterChange, METERS_CHANGED } from './meters-changed';
import { AssetMeter } from './schemas/asset-meter.schema';

/** Tells `METERS_CHANGED` of the assets whose meters, as telemetry counts them, reached their watch. */
@Injectable()
export class ReachedMeterWatches {
  constructor(
    @InjectRepository(AssetMeter) private readonly meters: TenantRepository<AssetMeter>,
    private readonly bus: DomainEvents,
  ) {}

  /**
   * The meters of the assets that reached their watch — as stored, plus what this instance counted
   * since (`held`, by asset id) — told to `METERS_CHANGED`; then their watch read again (the
   * listeners move it on).
   */
  async tell(reached: readonly HeldMeters[], held: ReadonlyMap<string, HeldMeters>): Promise<void> {
    const groups = byClient(reached);
    const read = async (): Promise<Array<Stored<AssetMeter>>> =>
      (
        await Promise.all(
          groups.map((group) =>
            this.meters.findByIds(
              scopeOfClient(group[0].clientId),
              group.map((meters) => meters.assetId.toHexString()),
              HELD_FIELDS,
            ),
          ),
        )
      ).flat();
    const now = (meter: Stored<AssetMeter>) => {
      const counting = held.get(meter._id.toHexString());
      const counted = counting && counting.foldSeq === (meter.foldSeq ?? 0) ? counting : null;
      return { odometerKm: meter.odometerKm + (counted?.pendingKm ?? 0), engineHours: meter.engineHours + (counted?.pendingHours ?? 0) };
    };
    const changes: MeterChange[] = (await read()).map((meter) => ({ clientId: meter.clientId, assetId: meter._id, ...now(meter) }));
    if (changes.length > 0) await this.bus.publish(METERS_CHANGED, changes);
    for (const meter of await read()) {
      const counting = held.get(meter._id.toHexString());
      if (counting) Object.assign(counting, { ...now(meter), watch: meter.watch, readAt: Date.now() });
    }
  }
}
