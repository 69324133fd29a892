import { Inject, Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { notFound } from '@app/errors';
import { AssetDirectory } from '@app/fleet';
import { resolveStatsRange } from '../telemetry/stats-range';
import { deviceOf, TELEMETRY_SOURCE, TelemetrySource } from '../telemetry/telemetry-source';
import { simplifiedTrack } from './simplified-track';
import { TrackQueryDto } from './track-query.dto';
import { TrackView } from './track.view';

export const DEFAULT_TRACK_POINTS = 2000;

@Injectable()
export class TrackService {
  constructor(
    private readonly directory: AssetDirectory,
    @Inject(TELEMETRY_SOURCE) private readonly source: TelemetrySource,
  ) {}

  /** The asset's positions in the period; an asset not the caller's, out of scope or untracked is 404. */
  async track(auth: AuthContext, assetId: string, query: TrackQueryDto): Promise<TrackView> {
    const range = resolveStatsRange(query.from, query.to, auth.client.timeZone);
    const asset = await this.directory.findAssetInService(auth, assetId);
    const tracker = asset && (await this.directory.mainTrackerOf(auth, asset));
    if (!tracker) throw notFound('Asset');
    const device = deviceOf(tracker);
    const positions = await this.source.positions(device, range, { requestId: auth.request.requestId });
    const track = simplifiedTrack(positions, query.maxPoints ?? DEFAULT_TRACK_POINTS);
    return { assetId: asset._id.toHexString(), vendorId: tracker.vendorId, from: range.from, to: range.to, ...track };
  }
}
