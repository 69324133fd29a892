import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import { Asset, AssetDirectory, type StoredAsset } from '@app/fleet';
import { type ClientGeofences, GeofenceIndex } from '../geofences';
import { TelemetryPointsReader } from '../positions';
import { DriverSpans, spanAt } from './driver-spans';
import { type DrivingFigures, drivingFigures } from './driving-score';
import { countHarsh, type DrivingTally, emptyTally, type HarshEntry, harshCount } from './driving-tally';
import { FixWalk, MAX_STEP_SECONDS } from './fix-walk';
import type { DrivingDay } from './rollups/driving-day.schema';
import { addHour, DrivingDays } from './rollups/driving-days';
import { DrivingMonths } from './rollups/driving-months';
import { HOUR_S } from './rollups/hour-tallies';
import { hoursNeeded, planPeriod } from './rollups/period-plan';
import { speedLimitAt } from './speed-limit-at';
import { DrivingScoreSettingsService } from './settings/driving-score-settings.service';
import { type StretchRead, walkStretches } from './stretch-walks';

/** The most assets one request scores (their rollups are read, and their fixes of the period's ends: docs/driving.md, "Cost"). */
export const MAX_SCORED_ASSETS = 1000;

type RollupsByAsset = Map<string, Map<number, DrivingDay>>;

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
    private readonly spans: DriverSpans,
    private readonly settings: DrivingScoreSettingsService,
    private readonly rollups: DrivingDays,
    private readonly months: DrivingMonths,
  ) {}

  async rows(auth: AuthContext, request: DrivingRequest): Promise<DrivingRow[]> {
    const assets = await this.assetsOf(auth, request.assetIds);
    const [weights, fences, { days, harsh }] = await Promise.all([
      this.settings.weights(auth),
      this.geofences.of(auth.clientId),
      this.months.read(
        assets.map((a) => a._id.toHexString()),
        request.fromS,
        request.toS,
      ),
    ]);
    const tallies =
      request.groupBy === 'asset' ? await this.byAsset(assets, fences, days, harsh, request) : await this.byDriver(auth, assets, fences, days, harsh, request);
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

  private async byAsset(
    assets: readonly StoredAsset[],
    fences: ClientGeofences,
    days: RollupsByAsset,
    harsh: Map<string, HarshEntry[]>,
    request: DrivingRequest,
  ) {
    const rows = [];
    const stretches: StretchRead[] = [];
    await this.readHours(days, request, new Map(assets.map((asset) => [asset._id.toHexString(), []])));
    for (const asset of assets) {
      const tally = emptyTally();
      stretches.push(...this.tallyPeriod(asset, fences, request, () => tally, days.get(asset._id.toHexString())));
      countHarsh(harsh.get(asset._id.toHexString()) ?? [], () => tally);
      rows.push({ id: asset._id.toHexString(), name: asset.name, plate: asset.plate ?? null, tally });
    }
    await walkStretches(this.points, stretches);
    return rows;
  }

  private async byDriver(
    auth: AuthContext,
    assets: readonly StoredAsset[],
    fences: ClientGeofences,
    days: RollupsByAsset,
    harsh: Map<string, HarshEntry[]>,
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
    const stretches: StretchRead[] = [];
    const driven = assets
      .map((asset) => ({ asset, own: (spans.get(asset._id.toHexString()) ?? []).filter((span) => !wanted || wanted.has(span.driverId.toLowerCase())) }))
      .filter(({ own }) => own.length > 0)
      .map(({ asset, own }) => ({ asset, own, cuts: own.flatMap((span) => (span.to === null ? [span.from] : [span.from, span.to])) }));
    await this.readHours(days, request, new Map(driven.map(({ asset, cuts }) => [asset._id.toHexString(), cuts])));
    for (const { asset, own, cuts } of driven) {
      const tallyAt = (ts: number) => {
        const span = spanAt(own, ts);
        if (!span) return null;
        if (!drivers.has(span.driverId)) drivers.set(span.driverId, { id: span.driverId, name: span.driverName, plate: null, tally: emptyTally() });
        return drivers.get(span.driverId)!.tally;
      };
      stretches.push(...this.tallyPeriod(asset, fences, request, tallyAt, days.get(asset._id.toHexString()), cuts));
      countHarsh(harsh.get(asset._id.toHexString()) ?? [], tallyAt);
    }
    await walkStretches(this.points, stretches);
    return [...drivers.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** Reads the hours of the rollups the period's plans need (asset id → its drivers' span boundaries): a whole day is its total. */
  private async readHours(days: RollupsByAsset, request: DrivingRequest, cutsByAsset: ReadonlyMap<string, readonly number[]>): Promise<void> {
    await this.rollups.withHours([...cutsByAsset].flatMap(([assetId, cuts]) => hoursNeeded(request.fromS, request.toS, days.get(assetId), cuts)));
  }

  /**
   * The asset's figures of the period: whole hours from its rollups added now, the stretches to walk
   * from its fixes answered (docs/driving.md, "Rollups"); a stretch after the period's start is
   * walked from an hour before it (its last fix, limit and plausibility), tallied from its start.
   */
  private tallyPeriod(
    asset: StoredAsset,
    fences: ClientGeofences,
    request: DrivingRequest,
    tallyAt: (ts: number) => DrivingTally | null,
    days: ReadonlyMap<number, DrivingDay> | undefined,
    cuts: readonly number[] = [],
  ): StretchRead[] {
    const plan = planPeriod(request.fromS, request.toS, days, cuts);
    for (const { hour, figures } of plan.rolled) {
      const tally = tallyAt(hour);
      if (tally) addHour(tally, figures);
    }
    const trackerId = asset.mainTrackerId!.toHexString();
    return plan.walked.map((stretch) => ({
      trackerId,
      from: stretch.from === request.fromS ? stretch.from : stretch.from - HOUR_S,
      to: Math.min(stretch.to + MAX_STEP_SECONDS, request.toS),
      walk: new FixWalk(speedLimitAt(asset, fences), (ts) => (ts >= stretch.from && ts < stretch.to ? tallyAt(ts) : null)),
    }));
  }
}
