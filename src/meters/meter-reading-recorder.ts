import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { DomainEvents } from '@app/bus';
import { InjectRepository, Stored, TenantQuery, TenantRepository, TenantScope } from '@app/database';
import { DomainException, ErrorCode } from '@app/errors';
import { METERS_CHANGED } from './meters-changed';
import { MetersProcessor } from './meters-processor';
import { Counted, MetersReader, NOTHING_COUNTED } from './meters-reader';
import { round } from './meters.view';
import { AssetMeter } from './schemas/asset-meter.schema';
import { MeterReading, MeterReadingSource } from './schemas/meter-reading.schema';

export interface NewReading {
  odometerKm?: number;
  engineHours?: number;
  readAt: Date;
  correction?: boolean;
  source?: MeterReadingSource;
  inspectionId?: Types.ObjectId;
  /** Lower than the meter without being a correction: `reject` (409, the default) or `keep` (stored, the meter left as it is: an inspection's answer). */
  whenLower?: 'reject' | 'keep';
}

/**
 * Records meter readings: each checked against what was read before it, the newest setting the
 * asset's meters at its time (after what telemetry counted is folded in) and told to `METERS_CHANGED`.
 */
@Injectable()
export class MeterReadingRecorder {
  constructor(
    @InjectRepository(AssetMeter) private readonly meters: TenantRepository<AssetMeter>,
    @InjectRepository(MeterReading) private readonly readings: TenantRepository<MeterReading>,
    private readonly bus: DomainEvents,
    private readonly processor: MetersProcessor,
    private readonly reader: MetersReader,
  ) {}

  /**
   * Stores a reading (the asset already checked). Lower than the current meter or than a reading
   * read before it → 409 unless a correction. The newest reading sets the meters (telemetry then
   * adds to it); one read before the newest is kept in the list only.
   */
  async record(scope: TenantScope & { userId: Types.ObjectId }, assetId: Types.ObjectId, input: NewReading): Promise<Stored<MeterReading>> {
    const readingTs = input.readAt.getTime() / 1000;
    const [newest] = await this.readings.find(scope, { assetId }, { sort: { readAt: -1, _id: -1 }, limit: 1 });
    let isNewest = !newest || newest.readAt <= input.readAt;
    // What this instance counted is folded in first: the reading sets the meters after it.
    if (isNewest) await this.processor.settle(assetId.toHexString(), readingTs);
    const meter = await this.meters.findById(scope, assetId.toHexString());
    // A reading dated in the past sets the meter at its time: what telemetry counted since still counts.
    const since = isNewest ? await this.reader.countedSince(meter, readingTs) : NOTHING_COUNTED;
    if (!input.correction) isNewest = await this.setsMetersDespiteFloor(scope, assetId, input, { isNewest, meter, since });
    const reading = await this.readings.create(scope, {
      assetId,
      odometerKm: input.odometerKm ?? null,
      engineHours: input.engineHours ?? null,
      readAt: input.readAt,
      correction: input.correction ?? false,
      source: input.source ?? 'manual',
      inspectionId: input.inspectionId ?? null,
      createdBy: scope.userId,
    });
    if (isNewest) await this.setMeters(scope, assetId, input, readingTs, since);
    return reading;
  }

  /**
   * Each value of a reading that is not a correction, against its floor: the highest reading read
   * before it and, for the newest, the meter at its time. Below it → 409, or with `whenLower: 'keep'`
   * the reading is kept in the list only. Answers whether the reading still sets the meters.
   */
  private async setsMetersDespiteFloor(
    scope: TenantScope,
    assetId: Types.ObjectId,
    input: NewReading,
    { isNewest, meter, since }: { isNewest: boolean; meter: Stored<AssetMeter> | null; since: Counted },
  ): Promise<boolean> {
    let setsMeters = isNewest;
    for (const [field, unit] of [
      ['odometerKm', 'km'],
      ['engineHours', 'h'],
    ] as const) {
      const value = input[field];
      if (value === undefined) continue;
      const filter: TenantQuery<MeterReading> = { assetId, readAt: { $lte: input.readAt }, [field]: { $ne: null } };
      const earlier = await this.readings.find(scope, filter, { sort: { [field]: -1 }, limit: 1 });
      const floor = Math.max(earlier[0]?.[field] ?? 0, setsMeters ? (meter?.[field] ?? 0) - since[field] : 0);
      if (value < floor - 1e-9 && input.whenLower === 'keep') setsMeters = false;
      else if (value < floor - 1e-9)
        throw new DomainException(
          ErrorCode.Conflict,
          `${field} ${value} ${unit} is lower than the asset's ${round(floor, 3)} ${unit} read before: send correction: true to lower it`,
        );
    }
    return setsMeters;
  }

  /** The newest reading sets the meters at its time (plus what telemetry counted since); `METERS_CHANGED` is told. */
  private async setMeters(scope: TenantScope, assetId: Types.ObjectId, input: NewReading, readingTs: number, since: Counted): Promise<void> {
    const $set: Record<string, unknown> = { updatedAt: new Date(), readingTs };
    if (input.odometerKm !== undefined) Object.assign($set, { odometerKm: input.odometerKm + since.odometerKm, odometerSource: 'reading' });
    if (input.engineHours !== undefined) $set.engineHours = input.engineHours + since.engineHours;
    await this.meters.updateOne(
      scope,
      { _id: assetId },
      {
        $set,
        $setOnInsert: {
          assetId,
          feed: null,
          watch: null,
          telemetryKm: 0,
          telemetryHours: 0,
          ...(input.odometerKm === undefined ? { odometerKm: 0, odometerSource: 'telemetry' } : {}),
          ...(input.engineHours === undefined ? { engineHours: 0 } : {}),
        },
      },
      { upsert: true },
    );
    const after = await this.meters.findById(scope, assetId.toHexString());
    if (after) await this.bus.publish(METERS_CHANGED, [{ clientId: after.clientId, assetId, odometerKm: after.odometerKm, engineHours: after.engineHours }]);
  }
}
