import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, Page, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { badRequest } from '@app/errors';
import { Asset, AssetDirectory } from '@app/fleet';
import { CreateMeterReadingDto, MeterReadingView, MetersView } from './dto/meter-reading.dto';
import { MeterReadingRecorder, NewReading } from './meter-reading-recorder';
import { MetersReader } from './meters-reader';
import { toMeterReadingView, toMetersView } from './meters.view';
import { AssetMeter } from './schemas/asset-meter.schema';
import { MeterReading } from './schemas/meter-reading.schema';

/** What readers take of the stored meters. */
const METER_FIELDS = { _id: 1, clientId: 1, assetId: 1, odometerKm: 1, engineHours: 1, odometerSource: 1, updatedAt: 1, foldSeq: 1, feed: 1 };

export type MeterWatch = { odometerKm: number | null; engineHours: number | null };

/** An asset's meters, its readings, and the meters' watch (for the service plans). */
@Injectable()
export class MetersService {
  constructor(
    @InjectRepository(AssetMeter) private readonly meters: TenantRepository<AssetMeter>,
    @InjectRepository(MeterReading) private readonly readings: TenantRepository<MeterReading>,
    @InjectRepository(Asset) private readonly assetRecords: TenantRepository<Asset>,
    private readonly assets: AssetDirectory,
    private readonly activity: ActivityRecorder,
    private readonly reader: MetersReader,
    private readonly recorder: MeterReadingRecorder,
  ) {}

  async get(auth: AuthContext, assetId: string): Promise<MetersView> {
    const asset = await this.assets.findAssetInServiceOrFail(auth, assetId);
    const found = await this.meters.findByIds(auth, [asset._id.toHexString()], METER_FIELDS);
    return toMetersView((await this.reader.withRecentCounts(found, [asset])).get(asset._id.toHexString()) ?? null);
  }

  /** The meters of some assets of a client, with what telemetry counted since the last compaction (by asset id; an asset without any has none in the map). */
  async ofAssets(scope: TenantScope, assetIds: readonly Types.ObjectId[]): Promise<Map<string, Stored<AssetMeter>>> {
    const ids = assetIds.map(String);
    const [found, assets] = await Promise.all([
      this.meters.findByIds(scope, ids, METER_FIELDS),
      this.assetRecords.findByIds(scope, ids, { _id: 1, clientId: 1, mainTrackerId: 1 }),
    ]);
    return this.reader.withRecentCounts(found, assets);
  }

  /**
   * An asset's odometer at a past moment (a refuel's): today's, less what telemetry counted after
   * it (`MetersReader.countedSince`); null when the asset has no meters yet.
   */
  async odometerAt(scope: TenantScope, assetId: Types.ObjectId, at: Date): Promise<number | null> {
    const meter = (await this.ofAssets(scope, [assetId])).get(assetId.toHexString());
    if (!meter) return null;
    return meter.odometerKm - (await this.reader.countedSince(meter, at.getTime() / 1000)).odometerKm;
  }

  async addReading(auth: AuthContext, assetId: string, body: CreateMeterReadingDto): Promise<MeterReadingView> {
    const asset = await this.assets.findAssetInServiceOrFail(auth, assetId);
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

  /** Stores a reading of an asset already checked (an inspection's, or the route's): the newest sets the meters. */
  record(scope: TenantScope & { userId: Types.ObjectId }, assetId: Types.ObjectId, input: NewReading): Promise<Stored<MeterReading>> {
    return this.recorder.record(scope, assetId, input);
  }

  async listReadings(auth: AuthContext, assetId: string, page: { limit?: number; cursor?: string }): Promise<Page<Stored<MeterReading>>> {
    const asset = await this.assets.findAssetInServiceOrFail(auth, assetId);
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
