import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, Page, scopeOfClient, Stored, TenantQuery, TenantRepository, TenantScope } from '@app/database';
import { badRequest, DomainException, ErrorCode, notFound } from '@app/errors';
import { Asset, AssetDirectory } from '@app/fleet';
import { CreateMeterReadingDto, MeterReadingView, MetersView } from './dto/meter-reading.dto';
import { DomainEvents } from '@app/bus';
import { METERS_CHANGED } from './meters-changed';
import { MetersProcessor } from './meters-processor';
import { MetersRecent } from './meters-recent';
import { TelemetryPointsReader, TrackerOwnership } from '../positions';
import { advance } from './meter-rules';
import { AssetMeter } from './schemas/asset-meter.schema';
import { MeterReading, MeterReadingSource } from './schemas/meter-reading.schema';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The meters of an asset none are stored for yet. */
const unstoredMeters = (asset: { _id: Types.ObjectId; clientId: Types.ObjectId }): Stored<AssetMeter> =>
  ({
    _id: asset._id,
    clientId: asset.clientId,
    assetId: asset._id,
    odometerKm: 0,
    engineHours: 0,
    odometerSource: 'telemetry',
    updatedAt: null,
    foldSeq: 0,
  }) as unknown as Stored<AssetMeter>;

export const toMetersView = (meter: Pick<AssetMeter, 'odometerKm' | 'engineHours' | 'odometerSource' | 'updatedAt'> | null): MetersView => ({
  odometerKm: round(meter?.odometerKm ?? 0, 3),
  engineHours: round(meter?.engineHours ?? 0, 3),
  odometerSource: meter?.odometerSource ?? 'telemetry',
  updatedAt: meter?.updatedAt?.toISOString() ?? null,
});

export const toMeterReadingView = (reading: Stored<MeterReading>): MeterReadingView => ({
  id: reading._id.toHexString(),
  assetId: reading.assetId.toHexString(),
  odometerKm: reading.odometerKm,
  engineHours: reading.engineHours,
  readAt: reading.readAt.toISOString(),
  correction: reading.correction,
  source: reading.source,
  inspectionId: reading.inspectionId?.toHexString() ?? null,
  createdBy: reading.createdBy.toHexString(),
  createdAt: reading.createdAt.toISOString(),
});

/** What readers take of the stored meters. */
const METER_FIELDS = { _id: 1, clientId: 1, assetId: 1, odometerKm: 1, engineHours: 1, odometerSource: 1, updatedAt: 1, foldSeq: 1, feed: 1 };

const NOTHING_COUNTED = { odometerKm: 0, engineHours: 0 };
/** How far before a past reading the fixes are read to know where the vehicle stood at its time. */
const SINCE_LOOKBACK_S = 1800;

export type MeterWatch = { odometerKm: number | null; engineHours: number | null };

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

/** An asset's meters, its readings, and the meters' watch (for the service plans). */
@Injectable()
export class MetersService {
  constructor(
    @InjectRepository(AssetMeter) private readonly meters: TenantRepository<AssetMeter>,
    @InjectRepository(MeterReading) private readonly readings: TenantRepository<MeterReading>,
    @InjectRepository(Asset) private readonly assetRecords: TenantRepository<Asset>,
    private readonly assets: AssetDirectory,
    private readonly bus: DomainEvents,
    private readonly activity: ActivityRecorder,
    private readonly processor: MetersProcessor,
    private readonly recent: MetersRecent,
    private readonly ownership: TrackerOwnership,
    private readonly points: TelemetryPointsReader,
  ) {}

  async get(auth: AuthContext, assetId: string): Promise<MetersView> {
    const asset = await this.assets.findAssetInService(auth, assetId);
    if (!asset) throw notFound('Asset');
    const found = await this.meters.findByIds(auth, [asset._id.toHexString()], METER_FIELDS);
    return toMetersView((await this.withRecentCounts(found, [asset])).get(asset._id.toHexString()) ?? null);
  }

  /** The meters of some assets of a client, with what telemetry counted since the last compaction (by asset id; an asset without any has none in the map). */
  async ofAssets(scope: TenantScope, assetIds: readonly Types.ObjectId[]): Promise<Map<string, Stored<AssetMeter>>> {
    const ids = assetIds.map(String);
    const [found, assets] = await Promise.all([
      this.meters.findByIds(scope, ids, METER_FIELDS),
      this.assetRecords.findByIds(scope, ids, { _id: 1, clientId: 1, mainTrackerId: 1 }),
    ]);
    return this.withRecentCounts(found, assets);
  }

  /**
   * An asset's odometer at a past moment (a refuel's): today's, less what telemetry counted after
   * it (`countedSince`); null when the asset has no meters yet.
   */
  async odometerAt(scope: TenantScope, assetId: Types.ObjectId, at: Date): Promise<number | null> {
    const meter = (await this.ofAssets(scope, [assetId])).get(assetId.toHexString());
    if (!meter) return null;
    return meter.odometerKm - (await this.countedSince(meter, at.getTime() / 1000)).odometerKm;
  }

  /**
   * The stored meters plus telemetry's recent counts of the same fold (written every second by the
   * instance that processes each asset's tracker, folded in at its compaction).
   */
  private async withRecentCounts(
    found: readonly Stored<AssetMeter>[],
    assets: ReadonlyArray<{ _id: Types.ObjectId; clientId: Types.ObjectId; mainTrackerId?: Types.ObjectId }>,
  ): Promise<Map<string, Stored<AssetMeter>>> {
    const partitions = new Map(
      assets.flatMap((asset) =>
        asset.mainTrackerId ? [[asset._id.toHexString(), this.ownership.partitionOf(asset.mainTrackerId.toHexString())] as const] : [],
      ),
    );
    const recent = await this.recent.of(partitions);
    const stored = new Map(found.map((meter) => [meter._id.toHexString(), meter]));
    const result = new Map<string, Stored<AssetMeter>>();
    for (const asset of assets) {
      const id = asset._id.toHexString();
      // Meters are first stored at the first fold: until then telemetry's count adds to nothing.
      const meter = stored.get(id) ?? unstoredMeters(asset);
      const count = recent.get(id);
      if (!count || count.foldSeq !== (meter.foldSeq ?? 0)) {
        if (stored.has(id)) result.set(id, meter);
        continue;
      }
      const updatedAt = new Date(Math.max(meter.updatedAt?.getTime() ?? 0, count.at));
      result.set(id, {
        ...meter,
        odometerKm: meter.odometerKm + count.km,
        engineHours: meter.engineHours + count.hours,
        updatedAt,
        ...(count.km !== 0 ? { odometerSource: 'telemetry' as const } : {}),
      });
    }
    return result;
  }

  async addReading(auth: AuthContext, assetId: string, body: CreateMeterReadingDto): Promise<MeterReadingView> {
    const asset = await this.assets.findAssetInService(auth, assetId);
    if (!asset) throw notFound('Asset');
    if (body.odometerKm === undefined && body.engineHours === undefined) throw badRequest('Send odometerKm, engineHours or both');
    const readAt = new Date(body.readAt);
    if (readAt.getTime() > Date.now() + 5 * 60_000) throw badRequest('readAt is in the future');
    const reading = await this.record(auth, asset._id, { ...body, readAt });
    await this.activity.record(auth, {
      action: 'meter_reading.create',
      resourceType: 'meter_reading',
      resourceId: reading._id,
      summary: `Meter reading of ${asset.name}${body.odometerKm !== undefined ? ` ${body.odometerKm} km` : ''}${body.engineHours !== undefined ? ` ${body.engineHours} h` : ''}${body.correction ? ' (correction)' : ''}`,
      after: {
        assetId: asset._id.toHexString(),
        odometerKm: reading.odometerKm,
        engineHours: reading.engineHours,
        readAt: reading.readAt.toISOString(),
        correction: reading.correction,
      },
    });
    return toMeterReadingView(reading);
  }

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
    const since = isNewest ? await this.countedSince(meter, readingTs) : NOTHING_COUNTED;
    if (!input.correction) {
      for (const [field, unit] of [
        ['odometerKm', 'km'],
        ['engineHours', 'h'],
      ] as const) {
        const value = input[field];
        if (value === undefined) continue;
        const filter: TenantQuery<MeterReading> = { assetId, readAt: { $lte: input.readAt }, [field]: { $ne: null } };
        const earlier = await this.readings.find(scope, filter, { sort: { [field]: -1 }, limit: 1 });
        const floor = Math.max(earlier[0]?.[field] ?? 0, isNewest ? (meter?.[field] ?? 0) - since[field] : 0);
        if (value < floor - 1e-9 && input.whenLower === 'keep') isNewest = false;
        else if (value < floor - 1e-9)
          throw new DomainException(
            ErrorCode.Conflict,
            `${field} ${value} ${unit} is lower than the asset's ${round(floor, 3)} ${unit} read before: send correction: true to lower it`,
          );
      }
    }
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
    if (isNewest) {
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
    return reading;
  }

  /**
   * What telemetry counted after `readingTs` up to the meters' last counted fix (`feed`, stored: a
   * count still in memory elsewhere is folded in later, on top): the stored fixes counted again
   * from the last one before that time. Zero for a reading of now.
   */
  private async countedSince(meter: Stored<AssetMeter> | null, readingTs: number): Promise<{ odometerKm: number; engineHours: number }> {
    const feed = meter?.feed;
    if (!feed || feed.ts <= readingTs) return NOTHING_COUNTED;
    const fixes = await this.points.points(feed.trackerId, readingTs - SINCE_LOOKBACK_S, feed.ts);
    const start = advance(
      null,
      feed.trackerId,
      fixes.filter((fix) => fix.ts <= readingTs),
    ).feed;
    const counted = advance(
      start,
      feed.trackerId,
      fixes.filter((fix) => fix.ts > readingTs),
    );
    return { odometerKm: counted.km, engineHours: counted.hours };
  }

  async listReadings(auth: AuthContext, assetId: string, page: { limit?: number; cursor?: string }): Promise<Page<Stored<MeterReading>>> {
    const asset = await this.assets.findAssetInService(auth, assetId);
    if (!asset) throw notFound('Asset');
    return this.readings.list(auth, { assetId: asset._id }, page);
  }

  /**
   * Asks to hear (`METERS_CHANGED`) when the asset's odometer or engine hours reach these values;
   * null: not that meter. Answers the meters as they are.
   */
  async watch(clientId: Types.ObjectId, assetId: Types.ObjectId, watch: MeterWatch): Promise<void> {
    const scope = scopeOfClient(clientId);
    await this.meters.updateOne(
      scope,
      { _id: assetId },
      {
        $set: { watch },
        $setOnInsert: {
          assetId,
          odometerKm: 0,
          engineHours: 0,
          telemetryKm: 0,
          telemetryHours: 0,
          odometerSource: 'telemetry',
          updatedAt: new Date(),
          feed: null,
        },
      },
      { upsert: true },
    );
  }

  /**
   * The watch of many assets of a client at once (a plan on 10 000 assets): one read, one bulk
   * write of the changed watches, one insert of the meters not there yet (one by one only for
   * those another writer created meanwhile).
   */
  async watchMany(clientId: Types.ObjectId, watches: ReadonlyMap<string, MeterWatch>): Promise<void> {
    if (watches.size === 0) return;
    const scope = scopeOfClient(clientId);
    const found = await this.meters.findByIds(scope, [...watches.keys()], { _id: 1, clientId: 1, watch: 1 });
    const same = (a: MeterWatch | null | undefined, b: MeterWatch) => !!a && a.odometerKm === b.odometerKm && a.engineHours === b.engineHours;
    const known = new Set(found.map((meter) => meter._id.toHexString()));
    const changed = found.filter((meter) => !same(meter.watch, watches.get(meter._id.toHexString())!));
    if (changed.length > 0)
      await this.meters.updateEach(
        scope,
        changed.map((record) => ({ record, update: { $set: { watch: watches.get(record._id.toHexString())! } } })),
      );
    const missing = [...watches].filter(([assetId]) => !known.has(assetId));
    if (missing.length === 0) return;
    try {
      await this.meters.insertMany(
        scope,
        missing.map(([assetId, watch]) => ({
          _id: new Types.ObjectId(assetId),
          assetId: new Types.ObjectId(assetId),
          odometerKm: 0,
          engineHours: 0,
          odometerSource: 'telemetry' as const,
          telemetryKm: 0,
          telemetryHours: 0,
          updatedAt: new Date(),
          feed: null,
          watch,
        })),
        { ordered: false },
      );
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      for (const [assetId, watch] of missing) await this.watch(clientId, new Types.ObjectId(assetId), watch);
    }
  }
}
