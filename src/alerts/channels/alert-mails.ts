import { Injectable } from '@nestjs/common';
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

  async opened(alert: Stored<Alert>, recipients: readonly MailRecipient[]): Promise<void> {
    // Without SMTP_URL (production not configured) there is nowhere to send: nothing is queued.
    if (recipients.length === 0 || !this.mailer.configured) return;
    const [timeZone, place] = await Promise.all([this.zones.of(alert.clientId), this.placeOf(alert)]);
    // One round trip for all of them: each is still its own keyed job (told twice, mailed once).
    await this.mailer.enqueueMany(
      recipients.map((recipient) => {
        const mail = this.mailer.renderAlertMail({
          lang: recipient.language,
          severity: alert.severity,
          ruleName: alert.ruleName,
          assetName: alert.assetName,
          place,
          occurredAt: alert.occurredAt,
          timeZone,
          link: `/alerts/${alert._id.toHexString()}`,
        });
        return { key: `alert-mail:${alert._id.toHexString()}:${recipient.email}`, message: { to: recipient.email, ...mail } };
      }),
    );
  }

  /** The geofence's name for a geofence's event, else the opening event's coordinates, else null. */
  private async placeOf(alert: Stored<Alert>): Promise<string | null> {
    if (alert.geofenceId) {
      const fence = (await this.geofences.of(alert.clientId)).byId(alert.geofenceId.toHexString());
      if (fence) return fence.name;
    }
    const event = await this.events.findById(scopeOfClient(alert.clientId), alert.eventIds[0].toHexString());
    return event?.position ? `${event.position.lat.toFixed(5)}, ${event.position.lng.toFixed(5)}` : null;
  }
}
