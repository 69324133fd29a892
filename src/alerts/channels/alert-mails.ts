import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ClientTimeZones, type UserLanguage } from '@app/auth';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Mailer } from '@app/mail';
import { FleetEvent } from '../../events';
import { GeofenceIndex } from '../../geofences';
import type { Alert } from '../schemas/alert.schema';

/** Someone an alert's mail goes to: a recipient user (in their language) or an address of the rule. */
export interface MailRecipient {
  email: string;
  language: UserLanguage;
}

/**
 * An opened alert's mail, one per address (docs/alerts.md, "Channels"): queued as a durable job
 * keyed by the alert and the address, so the same opening told twice is one mail, and a slow SMTP
 * server delays the mail, never the ingestion batch that opened the alert.
 */
@Injectable()
export class AlertMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly zones: ClientTimeZones,
    private readonly geofences: GeofenceIndex,
    @InjectRepository(FleetEvent) private readonly events: TenantRepository<FleetEvent>,
  ) {}

  /** The mails of a client's opened alerts, each to its recipients: all of them in one insert of keyed jobs. */
  async opened(clientId: Types.ObjectId, alerts: ReadonlyArray<{ alert: Stored<Alert>; recipients: readonly MailRecipient[] }>): Promise<void> {
    const addressed = alerts.filter(({ recipients }) => recipients.length > 0);
    // Without SMTP_URL (production not configured) there is nowhere to send: nothing is queued.
    if (addressed.length === 0 || !this.mailer.configured) return;
    const [timeZone, places] = await Promise.all([this.zones.of(clientId), this.placesOf(clientId, addressed.map(({ alert }) => alert))]);
    // One round trip for all of them: each is still its own keyed job (told twice, mailed once).
    await this.mailer.enqueueMany(
      addressed.flatMap(({ alert, recipients }) =>
        recipients.map((recipient) => {
          const mail = this.mailer.renderAlertMail({
            lang: recipient.language,
            severity: alert.severity,
            ruleName: alert.ruleName,
            assetName: alert.assetName,
            place: places.get(alert) ?? null,
            occurredAt: alert.occurredAt,
            timeZone,
            link: `/alerts/${alert._id.toHexString()}`,
          });
          return { key: `alert-mail:${alert._id.toHexString()}:${recipient.email}`, message: { to: recipient.email, ...mail } };
        }),
      ),
    );
  }

  /** Per alert, the geofence's name for a geofence's event, else the opening event's coordinates (the events read in one query), else null. */
  private async placesOf(clientId: Types.ObjectId, alerts: readonly Stored<Alert>[]): Promise<Map<Stored<Alert>, string | null>> {
    const fences = alerts.some((alert) => alert.geofenceId) ? await this.geofences.of(clientId) : null;
    const places = new Map(alerts.map((alert) => [alert, (alert.geofenceId && fences?.byId(alert.geofenceId.toHexString())?.name) || null]));
    const unnamed = alerts.filter((alert) => places.get(alert) === null);
    if (unnamed.length === 0) return places;
    const events = await this.events.findByIds(scopeOfClient(clientId), [...new Set(unnamed.map((alert) => alert.eventIds[0].toHexString()))]);
    const positions = new Map(events.map((event) => [event._id.toHexString(), event.position]));
    for (const alert of unnamed) {
      const position = positions.get(alert.eventIds[0].toHexString());
      places.set(alert, position ? `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}` : null);
    }
    return places;
  }
}
