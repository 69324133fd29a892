import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import { DomainException, ErrorCode } from '@app/errors';
import { ConfiguredFlespiClient, FlespiDeviceTelemetry } from '@app/integrations';
import { KnownPosition, LatestPositionStore } from '../store/latest-position.store';
import { LatestPositionCache } from './latest-position-cache';
import { LatestPositionView } from './latest-position.view';
import { ScopedTracker, ScopedTrackers, TrackerFilter } from './scoped-trackers.service';

export type { KnownPosition };

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** flespi's latest parameter values as a position (null without coordinates). */
export function positionOfTelemetry(device: FlespiDeviceTelemetry): KnownPosition | null {
  const t = device.telemetry ?? {};
  const lat = number(t['position.latitude']?.value);
  const lng = number(t['position.longitude']?.value);
  if (lat === null || lng === null) return null;
  const ignition = t['engine.ignition.status']?.value;
  return {
    lat,
    lng,
    speed: number(t['position.speed']?.value),
    dir: number(t['position.direction']?.value),
    alt: number(t['position.altitude']?.value),
    ts: number(t.timestamp?.value) ?? t['position.latitude'].ts,
    ignition: typeof ignition === 'boolean' ? ignition : null,
  };
}

/** The latest position of each asset in the caller's scope: the store's records, or flespi's device telemetry. */
@Injectable()
export class LatestPositionsService {
  private readonly logger = new Logger(LatestPositionsService.name);
  private readonly onlineSeconds: number;
  private readonly fromFlespi: boolean;

  constructor(
    private readonly scoped: ScopedTrackers,
    private readonly store: LatestPositionStore,
    private readonly memory: LatestPositionCache,
    @Inject(ConfiguredFlespiClient) private readonly flespi: ConfiguredFlespiClient,
    config: AppConfig,
  ) {
    this.onlineSeconds = config.get('ONLINE_THRESHOLD_SECONDS');
    this.fromFlespi = config.get('TELEMETRY_SOURCE') === 'flespi';
  }

  async latest(auth: AuthContext, filter: TrackerFilter): Promise<LatestPositionView[]> {
    const trackers = await this.scoped.resolve(auth, filter);
    const positions = this.fromFlespi ? await this.fromFlespiTelemetry(trackers, auth.request.requestId) : await this.fromStore(trackers);
    const now = Date.now() / 1000;
    return trackers.map((tracker) => this.view(tracker, positions.get(tracker.trackerId) ?? null, now));
  }

  view(tracker: ScopedTracker, position: KnownPosition | null, now = Date.now() / 1000): LatestPositionView {
    const age = position ? Math.max(0, Math.round(now - position.ts)) : null;
    return {
      assetId: tracker.assetId,
      assetName: tracker.assetName,
      licensePlate: tracker.licensePlate,
      vendorId: tracker.vendorId,
      lat: position?.lat ?? null,
      lng: position?.lng ?? null,
      speed: position?.speed ?? null,
      direction: position?.dir ?? null,
      altitude: position?.alt ?? null,
      timestamp: position?.ts ?? null,
      ageSeconds: age,
      online: age !== null && age <= this.onlineSeconds,
      ignition: position?.ignition ?? null,
    };
  }

  private async fromStore(trackers: readonly ScopedTracker[]): Promise<Map<string, KnownPosition>> {
    const ids = trackers.map((t) => t.trackerId);
    return this.memory.find(ids) ?? (await this.store.findPositions(ids));
  }

  private async fromFlespiTelemetry(trackers: readonly ScopedTracker[], requestId: string): Promise<Map<string, KnownPosition>> {
    try {
      const answer = await this.flespi.telemetry(trackers.map((t) => t.vendorId));
      const byVendor = new Map(answer.map((device) => [device.id, positionOfTelemetry(device)]));
      return new Map(trackers.flatMap((t) => (byVendor.get(t.vendorId) ? [[t.trackerId, byVendor.get(t.vendorId)!]] : [])));
    } catch (error) {
      this.logger.error({ requestId, err: error }, `Latest positions from flespi failed: ${(error as Error).message}`);
      throw new DomainException(ErrorCode.DependencyFailed, 'The telemetry provider is unavailable; try again later');
    }
  }
}
