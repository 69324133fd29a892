import { Inject, Injectable } from '@nestjs/common';
import { AuthContext } from '@app/auth';
import { StopsReportDto } from '../dto/stops-report.dto';
import { resolveStatsRange } from '../../telemetry/stats-range';
import { TrackedAssets } from '../tracked-assets.service';
import { mapLimited } from '../../telemetry/map-limited';
import { TELEMETRY_SOURCE, TelemetryRange, TelemetrySource } from '../../telemetry/telemetry-source';
import { AddressResolver } from '../../trips/address-resolver.service';
import { detectStillPeriods, StillPeriod } from './stop-detector';
import { StillTotalsView, StopsReportView } from './stops-report.view';

/** Assets whose points are read at once (a 30-day asset at one message every 10 s is 260 000 points). */
const ASSET_CONCURRENCY = 4;
/** The periods of one answer that get an address (in answer order): the geocoder answers one a second. */
export const MAX_ADDRESSED_PERIODS = 500;

function totalsOf(periods: readonly Pick<StillPeriod, 'kind' | 'start' | 'end'>[]): StillTotalsView {
  const totals = { stops: 0, stopSeconds: 0, idles: 0, idleSeconds: 0 };
  for (const p of periods) {
    if (p.kind === 'stop') [totals.stops, totals.stopSeconds] = [totals.stops + 1, totals.stopSeconds + p.end - p.start];
    else [totals.idles, totals.idleSeconds] = [totals.idles + 1, totals.idleSeconds + p.end - p.start];
  }
  return totals;
}

/** Stops and idling per asset over a range, from the telemetry source's points (both sources). */
@Injectable()
export class StopsReportService {
  constructor(
    private readonly tracked: TrackedAssets,
    @Inject(TELEMETRY_SOURCE) private readonly source: TelemetrySource,
    private readonly addresses: AddressResolver,
  ) {}

  report(auth: AuthContext, body: StopsReportDto): Promise<StopsReportView> {
    return this.ofRange(auth, body.assetIds, resolveStatsRange(body.from, body.to, auth.client.timeZone));
  }

  /** The report over a range already checked (a scheduled month may have 31 days). */
  async ofRange(auth: AuthContext, assetIds: readonly string[], range: TelemetryRange): Promise<StopsReportView> {
    const requestId = auth.request.requestId;
    const assets = await this.tracked.resolve(auth, assetIds);
    // Each asset's points are reduced to its periods before the next asset's are read.
    const periods = await mapLimited(assets, ASSET_CONCURRENCY, async ({ device }) =>
      detectStillPeriods(await this.source.points(device, range, { requestId })),
    );
    const located = periods.flat().slice(0, MAX_ADDRESSED_PERIODS);
    const addresses = await this.addresses.addressesOf(
      located.map((p) => (p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : undefined)),
      requestId,
    );
    const addressOf = new Map(located.map((p, i) => [p, addresses[i]]));
    return {
      assets: assets.map(({ asset, tracker }, i) => ({
        assetId: asset._id.toHexString(),
        assetName: asset.name,
        licensePlate: asset.plate ?? '',
        vendorId: tracker.vendorId,
        periods: periods[i].map((p) => ({
          type: p.kind,
          lat: p.lat,
          lng: p.lng,
          start: p.start,
          end: p.end,
          durationSeconds: p.end - p.start,
          address: addressOf.get(p) ?? null,
        })),
        totals: totalsOf(periods[i]),
      })),
      totals: totalsOf(periods.flat()),
    };
  }
}
