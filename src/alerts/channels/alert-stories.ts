import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ClientTimeZones } from '@app/auth';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import type { AlertStory } from '@app/i18n';
import { DriverAssignments } from '../../drivers';
import { FleetEvent } from '../../events';
import { GeofenceIndex } from '../../geofences';
import type { Alert } from '../schemas/alert.schema';

/** An alert's event whole, as its webhooks carry it. */
export interface AlertEventView {
  id: string;
  type: string;
  occurredAt: Date;
  detectedAt: Date;
  position: { lat: number; lng: number; speed: number | null } | null;
  geofence: { id: string; name: string | null } | null;
  /** Places are not built yet: always null until they are. */
  place: { id: string; name: string | null } | null;
  details: Record<string, unknown>;
}

/** What every channel says of an alert, read once for all of a batch's alerts. */
export interface AlertTale {
  /** The facts its texts are written from (`@app/i18n`). */
  story: AlertStory;
  /** Where it happened, in words: the geofence's name, else the opening event's coordinates, else null. */
  place: string | null;
  /** Its events (`eventIds`: the opening one, then the end that resolved it), each whole. */
  events: AlertEventView[];
  asset: { id: string; name: string; plate: string | null };
  /** Who drove when the opening event occurred (docs/dispatch.md); null when nobody was assigned. */
  driver: { id: string; name: string } | null;
}

/**
 * Reads what people are told of alerts (docs/notifications.md, "What is said"): the client's zone,
 * the alerts' events, their geofences' names and their assets' plates, each in one read for all
 * of them, whatever their number.
 */
@Injectable()
export class AlertStories {
  constructor(
    private readonly zones: ClientTimeZones,
    private readonly geofences: GeofenceIndex,
    @InjectRepository(FleetEvent) private readonly events: TenantRepository<FleetEvent>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly drivers: DriverAssignments,
  ) {}

  async of(clientId: Types.ObjectId, alerts: readonly Stored<Alert>[]): Promise<Map<Stored<Alert>, AlertTale>> {
    if (alerts.length === 0) return new Map();
    const scope = scopeOfClient(clientId);
    const eventIds = [...new Set(alerts.flatMap((alert) => alert.eventIds.map(String)))];
    const assetIds = [...new Set(alerts.map((alert) => alert.assetId.toHexString()))];
    const [timeZone, fences, events, assets, drivers] = await Promise.all([
      this.zones.of(clientId),
      alerts.some((alert) => alert.geofenceId) ? this.geofences.of(clientId) : null,
      this.events.findByIds(scope, eventIds),
      this.assets.findByIds(scope, assetIds),
      this.drivers.labelsFor(
        scope,
        alerts.map((alert) => ({ assetId: alert.assetId, at: alert.occurredAt })),
      ),
    ]);
    const eventById = new Map(events.map((event) => [event._id.toHexString(), event]));
    const plateOf = new Map(assets.map((asset) => [asset._id.toHexString(), asset.plate || null]));
    // The geofence's name now, else the one the event was detected with (a geofence since
    // deleted); a place event's place, as it was named when the vehicle was there.
    const fenceName = (event: Stored<FleetEvent> | undefined, id: Types.ObjectId | null | undefined) =>
      (id && fences?.byId(id.toHexString())?.name) || detail(event, 'geofenceName') || detail(event, 'placeName');
    return new Map(
      alerts.map((alert, i) => {
        const { driverId, driverName } = drivers[i];
        const opening = eventById.get(alert.eventIds[0].toHexString());
        const geofenceName = fenceName(opening, alert.geofenceId);
        const plate = plateOf.get(alert.assetId.toHexString()) ?? null;
        const position = opening?.position ?? null;
        const story: AlertStory = {
          severity: alert.severity,
          ruleName: alert.ruleName,
          assetName: alert.assetName,
          plate,
          event: { type: alert.eventType, occurredAt: alert.occurredAt, placeName: geofenceName, details: opening?.details ?? {} },
          timeZone,
        };
        const tale: AlertTale = {
          story,
          place: geofenceName ?? (position ? `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}` : null),
          events: alert.eventIds.flatMap((id) => {
            const event = eventById.get(id.toHexString());
            return event ? [eventView(event, fenceName(event, event.geofenceId))] : [];
          }),
          asset: { id: alert.assetId.toHexString(), name: alert.assetName, plate },
          driver: driverId ? { id: driverId, name: driverName ?? '' } : null,
        };
        return [alert, tale];
      }),
    );
  }
}

const detail = (event: Stored<FleetEvent> | undefined, key: string): string | null => {
  const value = event?.details?.[key];
  return typeof value === 'string' ? value : null;
};

function eventView(event: Stored<FleetEvent>, geofenceName: string | null): AlertEventView {
  return {
    id: event._id.toHexString(),
    type: event.type,
    occurredAt: event.occurredAt,
    detectedAt: event.detectedAt,
    position: event.position ? { lat: event.position.lat, lng: event.position.lng, speed: event.position.speed ?? null } : null,
    geofence: event.geofenceId ? { id: event.geofenceId.toHexString(), name: geofenceName } : null,
    place: event.placeId ? { id: event.placeId.toHexString(), name: detail(event, 'placeName') } : null,
    details: event.details ?? {},
  };
}
