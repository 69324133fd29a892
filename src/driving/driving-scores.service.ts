import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import { Asset, AssetDirectory, eventSettingsOf, type StoredAsset } from '@app/fleet';
import { AssetEventEntries, type AssetEventEntry, lowestSpeedLimit } from '../events';
import { type ClientGeofences, GeofenceIndex } from '../geofences';
import { TelemetryPointsReader } from '../positions';
import { DriverSpans, spanAt } from './driver-spans';
import { type DrivingFigures, drivingFigures } from './driving-score';
import { countHarsh, type DrivingTally, emptyTally, HARSH_TYPES, harshCount } from './driving-tally';
import { FixWalk } from './fix-walk';
import { DrivingScoreSettingsService } from './settings/driving-score-settings.service';

/** The most assets one request scores (each one's fixes of the period are read: docs/driving.md, "Cost"). */
export const MAX_SCORED_ASSETS = 100;

const DAY_S = 86_400;
const HARSH = new Set(HARSH_TYPES.keys());

export type DrivingGroup = 'asset' | 'driver';

export interface DrivingRequest {
  assetIds?: readonly string[];
  driverIds?: readonly string[];
  /** unix seconds, both included */
  fromS: number;
  toS: number;
  groupBy: DrivingGroup;
}

/** A row of scores: an asset's or a driver's figures; `plate` for an asset. */
export interface DrivingRow extends DrivingFigures {
  id: string;
  name: string;
  plate: string | null;
  eventIds: string[];
  /** How many harsh events count (eventIds keeps the first 100). */
  harshEvents: number;
}

/**
 * The driving scores (DESIGN.md, "Driving behaviour"): per asset, or per driver by the spans each
 * drove each asset, from the assets' stored fixes of the period and their harsh events, weighted
 * by the client's settings. The API, the report and the scheduled report all read them here.
 */
@Injectable()
export class DrivingScores {
  constructor(
    private readonly directory: AssetDirectory,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly points: TelemetryPointsReader,
    private readonly geofences: GeofenceIndex,
    private readonly events: AssetEventEntries,
    private readonly spans: DriverSpans,
    private readonly settings: DrivingScoreSettingsService,
  ) {}

  async rows(auth: AuthContext, request: DrivingRequest): Promise<DrivingRow[]> {
    const assets = await this.assetsOf(auth, request.assetIds);
    const [weights, fences, harsh] = await Promise.all([
      this.settings.weights(auth),
      this.geofences.of(auth.clientId),
      this.events.of(
        assets.map((a) => a._id),
        HARSH,
        request.fromS,
        request.toS,
      ),
    ]);
    const tallies =
      request.groupBy === 'asset' ? await this.byAsset(assets, fences, harsh, request) : await this.byDriver(auth, assets, fences, harsh, request);
    return tallies.map(({ id, name, plate, tally }) => ({
      id,
      name,
      plate,
      ...drivingFigures(tally, weights),
      eventIds: tally.eventIds,
      harshEvents: harshCount(tally),
    }));
  }

  /** The assets asked (each the caller's, in service, or a 404), else every one the caller sees that has a tracker. */
  async assetsOf(auth: AuthContext, assetIds: readonly string[] | undefined): Promise<StoredAsset[]> {
    if (assetIds) return (await this.directory.findAssetsInServiceOrFail(auth, assetIds)).filter((asset) => asset.mainTrackerId);
    const all = await this.assets.find(auth, { archivedAt: null, mainTrackerId: { $ne: null } }, { sort: { name: 1, _id: 1 }, limit: MAX_SCORED_ASSETS + 1 });
    if (all.length > MAX_SCORED_ASSETS) throw badRequest(`More than ${MAX_SCORED_ASSETS} assets: name at most ${MAX_SCORED_ASSETS} in assetIds`);
    return all;
  }

  private async byAsset(assets: readonly StoredAsset[], fences: ClientGeofences, harsh: Map<string, AssetEventEntry[]>, request: DrivingRequest) {
    const rows = [];
    for (const asset of assets) {
      const tally = emptyTally();
      await this.walk(asset, fences, request, () => tally);
      countHarsh(harsh.get(asset._id.toHexString()) ?? [], () => tally);
      rows.push({ id: asset._id.toHexString(), name: asset.name, plate: asset.plate ?? null, tally });
    }
    return rows;
  }

  private async byDriver(
    auth: AuthContext,
    assets: readonly StoredAsset[],
    fences: ClientGeofences,
    harsh: Map<string, AssetEventEntry[]>,
    request: DrivingRequest,
  ) {
    const spans = await this.spans.of(
      auth,
      assets.map((a) => a._id),
      request.fromS,
      request.toS,
    );
    const wanted = request.driverIds ? new Set(request.driverIds.map((id) => id.toLowerCase())) : null;
    const drivers = new Map<string, { id: string; name: string; plate: null; tally: DrivingTally }>();
    for (const asset of assets) {
      const own = (spans.get(asset._id.toHexString()) ?? []).filter((span) => !wanted || wanted.has(span.driverId.toLowerCase()));
      if (own.length === 0) continue;
      const tallyAt = (ts: number) => {
        const span = spanAt(own, ts);
        if (!span) return null;
        if (!drivers.has(span.driverId)) drivers.set(span.driverId, { id: span.driverId, name: span.driverName, plate: null, tally: emptyTally() });
        return drivers.get(span.driverId)!.tally;
      };
      await this.walk(asset, fences, request, tallyAt);
      countHarsh(harsh.get(asset._id.toHexString()) ?? [], tallyAt);
    }
    return [...drivers.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** The asset's fixes of the period, a day at a time, through a FixWalk. */
  private async walk(asset: StoredAsset, fences: ClientGeofences, request: DrivingRequest, tallyAt: (ts: number) => DrivingTally | null): Promise<void> {
    const own = eventSettingsOf(asset).speedLimitKmh;
    const limited = fences.fences.some((fence) => fence.speedLimitKmh !== null && fence.appliesTo(asset));
    const walk = new FixWalk(
      (point) =>
        limited
          ? lowestSpeedLimit(
              fences.containing(point).filter((fence) => fence.appliesTo(asset)),
              own,
            )
          : own,
      tallyAt,
    );
    const trackerId = asset.mainTrackerId!.toHexString();
    for (let day = request.fromS; day <= request.toS; day += DAY_S)
      walk.feed(await this.points.points(trackerId, day, Math.min(day + DAY_S - 0.001, request.toS)));
  }
}
