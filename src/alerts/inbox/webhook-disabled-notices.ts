import { Injectable, OnModuleInit } from '@nestjs/common';
import { inEveryLanguage, webhookDisabledTexts } from '@app/i18n';
import { WebhookEndpointDisabled } from '../../webhooks';
import { SystemNotices } from './system-notices';

/**
 * The inbox side of "a webhook endpoint failed for 3 days and was disabled": a warning in the
 * inbox of each of the client's admins, keyed by the endpoint and when it was disabled (told
 * twice, one entry each).
 */
@Injectable()
export class WebhookDisabledNotices implements OnModuleInit {
  constructor(
    private readonly disabled: WebhookEndpointDisabled,
    private readonly notices: SystemNotices,
  ) {}

  onModuleInit(): void {
    this.disabled.subscribe(async (notice) => {
      await this.notices.toAdmins(notice.clientId, {
        texts: inEveryLanguage((lang) =>
          webhookDisabledTexts({ id: notice.endpointId.toHexString(), url: notice.url, description: notice.description ?? null }, lang),
        ),
        severity: 'warning',
        key: `webhook-disabled:${notice.endpointId.toHexString()}`,
        at: notice.disabledAt,
      });
    });
  }
}
