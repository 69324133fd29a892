import { DiscoveryService } from '@nestjs/core';
import type { Types } from 'mongoose';
import type { User } from '@app/auth';
import type { Stored } from '@app/database';
import type { AlertRule } from '../schemas/alert-rule.schema';
import type { Alert } from '../schemas/alert.schema';
import type { AlertTale } from './alert-stories';

/** A rule's recipient user as the channels read it. */
export type AlertRecipient = Pick<Stored<User>, '_id' | 'email' | 'language' | 'trackerScope' | 'active'>;

/** An alert that opened, as every channel is told of it: its story, its rule, and the rule's users who may see its asset. */
export interface OpenedAlertTold {
  alert: Stored<Alert>;
  rule: Pick<Stored<AlertRule>, 'recipients'>;
  tale: AlertTale;
  users: readonly AlertRecipient[];
}

/**
 * Where alerts are told (docs/alerts.md, "Channels"): one class marked `@AlertChannel()` and
 * listed among the alerts module's providers. A channel is idempotent (the same change told twice
 * is one notification) and only stores or queues: it is called on the path of the change.
 */
export interface AlertChannel {
  /** Alerts of one client that opened (an ingestion batch's together). */
  opened(clientId: Types.ObjectId, opened: readonly OpenedAlertTold[]): Promise<void>;
  /** Alerts of one client acknowledged or resolved (their stories read only by a channel that tells them). */
  ended(clientId: Types.ObjectId, change: 'acknowledged' | 'resolved', alerts: readonly Stored<Alert>[]): Promise<void>;
}

/** Marks a provider as an alert channel, found by `AlertChannels`. */
export const AlertChannel = DiscoveryService.createDecorator<void>();
