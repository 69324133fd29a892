import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '@app/bus';
import { inEveryLanguage, webhookDisabledTexts } from '@app/i18n';
import { type EndpointDisabledNotice, WEBHOOK_ENDPOINT_DISABLED } from '../../webhooks';
import { SystemNotices } from './system-notices';

/**
 * The inbox side of "a webhook endpoint failed for 3 days and was disabled": a warning in the
 * inbox of each of the client's admins, keyed by the endpoint and when it was disabled (told
 * twice, one entry each).
 */
@Injectable()
export class WebhookDisabledNotices {
  constructor(private readonly notices: SystemNotices) {}

  @OnDomainEvent(WEBHOOK_ENDPOINT_DISABLED)
  async disabled(notice: EndpointDisabledNotice): Promise<void> {
    await this.notices.toAdmins(notice.clientId, {
      texts: inEveryLanguage((lang) =>
        webhookDisabledTexts({ id: notice.endpointId.toHexString(), url: notice.url, description: notice.description ?? null }, lang),
      ),
      severity: 'warning',
      key: `webhook-disabled:${notice.endpointId.toHexString()}`,
      at: notice.disabledAt,
    });
  }
}
