import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { Stored } from '@app/database';
import { WebhookDispatcher } from '../../webhooks';
import type { Alert } from '../schemas/alert.schema';
import { AlertChannel, OpenedAlertTold } from './alert-channel';
import { alertWebhookMessage } from './alert-messages';
import { AlertStories } from './alert-stories';

/**
 * `alert.opened|acknowledged|resolved` to the client's webhook endpoints that subscribed (a stored
 * delivery each, attempted by its job): an alert that opens already resolved (by an end-type
 * event) is told as opened and as resolved.
 */
@Injectable()
@AlertChannel()
export class WebhookChannel implements AlertChannel {
  constructor(
    private readonly webhooks: WebhookDispatcher,
    private readonly stories: AlertStories,
  ) {}

  async opened(clientId: Types.ObjectId, opened: readonly OpenedAlertTold[]): Promise<void> {
    await this.webhooks.publishMany(
      clientId,
      opened.flatMap(({ alert, tale }) => [
        alertWebhookMessage('opened', alert, tale),
        ...(alert.state === 'resolved' && alert.resolvedBy === 'system' ? [alertWebhookMessage('resolved', alert, tale)] : []),
      ]),
    );
  }

  async ended(clientId: Types.ObjectId, change: 'acknowledged' | 'resolved', alerts: readonly Stored<Alert>[]): Promise<void> {
    // The alerts' stories are read only for an endpoint that takes the change.
    if (alerts.length === 0 || !(await this.webhooks.subscribes(clientId, [`alert.${change}`]))) return;
    const tales = await this.stories.of(clientId, alerts);
    await this.webhooks.publishMany(
      clientId,
      alerts.map((alert) => alertWebhookMessage(change, alert, tales.get(alert)!)),
    );
  }
}
