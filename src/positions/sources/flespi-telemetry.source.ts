import { Injectable, Logger } from '@nestjs/common';
import { ConfiguredFlespiClient, FlespiError, FlespiMessage } from '@app/integrations';
import { DomainException, ErrorCode } from '@app/errors';
import { mapLimited } from '../telemetry/map-limited';
import { PositionColumns, positionColumnsOf } from '../telemetry/position-columns';
import { POSITION_FIELDS, TelemetryPoint, TEMPERATURE_FIELDS, toTelemetryPoint } from '../telemetry/telemetry-point';
import type { TelemetryCall, TelemetryDevice, TelemetryRange, TelemetrySource, TripRecord } from '../telemetry/telemetry-source';
import { summarize, TelemetrySummary } from '../telemetry/telemetry-summary';
import { buildTrip } from '../telemetry/trip-builder';

/** Devices asked of flespi at the same time for one request. */
const DEVICE_CONCURRENCY = 4;

const numberOr = (value: unknown, fallback: number | null) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

function toPoints(messages: readonly FlespiMessage[], range?: TelemetryRange): TelemetryPoint[] {
  const points = messages.map(toTelemetryPoint).filter((p): p is TelemetryPoint => p !== null);
  const inRange = range ? points.filter((p) => p.ts >= range.from && p.ts < range.to + 1) : points;
  return inRange.sort((a, b) => a.ts - b.ts);
}

/**
 * Telemetry read from flespi: the messages of the range are summarized exactly as the store
 * summarizes its buckets; trips are calculator intervals with their messages as positions.
 * A flespi failure is logged with the request id and answered as the endpoint's 500.
 */
@Injectable()
export class FlespiTelemetrySource implements TelemetrySource {
  private readonly logger = new Logger(FlespiTelemetrySource.name);

  constructor(private readonly flespi: ConfiguredFlespiClient) {}

  summaries(devices: readonly TelemetryDevice[], range: TelemetryRange, call: TelemetryCall): Promise<TelemetrySummary[]> {
    const fields = [...POSITION_FIELDS, ...TEMPERATURE_FIELDS];
    return this.guard(call, () =>
      mapLimited(devices, DEVICE_CONCURRENCY, async (device) => {
        const messages = await this.flespi.messages(device.vendorId, { from: range.from, to: range.to + 1, fields });
        return summarize(toPoints(messages, range));
      }),
    );
  }

  trip(device: TelemetryDevice, tripId: number, call: TelemetryCall): Promise<TripRecord | null> {
    return this.guard(call, async () => {
      const interval = await this.flespi.interval(device.vendorId, tripId);
      if (!interval) return null;
      const messages = await this.flespi.messages(device.vendorId, { from: interval.begin, to: interval.end, fields: POSITION_FIELDS });
      const built = buildTrip(
        {
          id: interval.id,
          begin: interval.begin,
          end: interval.end,
          startBatteryLevel: numberOr(interval.start_battery_level, null),
          endBatteryLevel: numberOr(interval.end_battery_level, null),
          type: typeof interval.type === 'string' ? interval.type : undefined,
        },
        toPoints(messages),
      );
      // A calculator that computes these counters itself is believed over our recomputation.
      return {
        ...built,
        avg_speed: numberOr(interval.avg_speed, built.avg_speed)!,
        max_speed: numberOr(interval.max_speed, built.max_speed)!,
        distance: numberOr(interval.distance, built.distance)!,
        duration: numberOr(interval.duration, built.duration)!,
        timestamp: numberOr(interval.timestamp, built.timestamp)!,
        route: typeof interval.route === 'string' && interval.route ? interval.route : built.route,
      };
    });
  }

  points(device: TelemetryDevice, range: TelemetryRange, call: TelemetryCall): Promise<TelemetryPoint[]> {
    return this.guard(call, async () => {
      const messages = await this.flespi.messages(device.vendorId, {
        from: range.from,
        to: range.to + 1,
        fields: [...POSITION_FIELDS, 'engine.ignition.status'],
      });
      return toPoints(messages, range);
    });
  }

  /** flespi answers JSON messages, objects already: the columns are built from the points. */
  async positions(device: TelemetryDevice, range: TelemetryRange, call: TelemetryCall): Promise<PositionColumns> {
    return positionColumnsOf(await this.points(device, range, call));
  }

  private async guard<T>(call: TelemetryCall, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof FlespiError)) throw error;
      this.logger.error({ requestId: call.requestId, status: error.status }, error.message);
      throw new DomainException(ErrorCode.DependencyFailed, 'The telemetry provider is unavailable; try again later');
    }
  }
}
