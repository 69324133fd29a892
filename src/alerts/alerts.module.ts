import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { TenantDataModule } from '@app/database';
import { AssetOwnedDataModule } from '@app/fleet';
import { DriversModule } from '../drivers';
import { EventsModule } from '../events';
import { GeofencesModule } from '../geofences';
import { WebhooksModule } from '../webhooks';
import { AlertChannels } from './alert-channels';
import { AlertMatcher } from './alerts/alert-matcher.service';
import { AlertOpener } from './alerts/alert-opener.service';
import { AlertSettler } from './alerts/alert-settler.service';
import { AlertSystemResolver } from './alerts/alert-system-resolver.service';
import { AlertsController } from './alerts/alerts.controller';
import { AlertsService } from './alerts/alerts.service';
import { DelayedAlertOpenings } from './alerts/delayed-alert-openings.service';
import { UnsettledStartsRegister } from './alerts/unsettled-starts';
import { UnsettledStartsBackfill } from './alerts/unsettled-starts.backfill';
import { PerUserEntriesBackfill } from './inbox/per-user-entries.backfill';
import { AlertMails } from './channels/alert-mails';
import { InboxChannel } from './channels/inbox-channel';
import { WebhookChannel } from './channels/webhook-channel';
import { AlertStories } from './channels/alert-stories';
import { InboxFeed } from './inbox/inbox-feed';
import { Inbox } from './inbox/inbox.service';
import { InboxRetention } from './inbox/inbox-retention';
import { NotificationsController } from './inbox/notifications.controller';
import { SystemNotices } from './inbox/system-notices';
import { WebhookDisabledNotices } from './inbox/webhook-disabled-notices';
import { AlertRulesController } from './rules/alert-rules.controller';
import { AlertRulesService } from './rules/alert-rules.service';
import { ClientAlertRules } from './rules/client-alert-rules';
import { AlertCooldown, AlertCooldownSchema } from './schemas/alert-cooldown.schema';
import { AlertOpening, AlertOpeningSchema } from './schemas/alert-opening.schema';
import { AlertRule, AlertRuleSchema } from './schemas/alert-rule.schema';
import { Alert, AlertSchema } from './schemas/alert.schema';
import { NotificationFeedWrite, NotificationFeedWriteSchema } from './schemas/notification-feed.schema';
import { Notification, NotificationSchema } from './schemas/notification.schema';
import { UnsettledStarts, UnsettledStartsSchema } from './schemas/unsettled-starts.schema';

const ruleData = TenantDataModule.forFeature([{ name: AlertRule.name, schema: AlertRuleSchema }]);
// Records of an asset: tracker scope applies to every read (an alert of an asset outside the caller's trackers is a 404).
const alertData = AssetOwnedDataModule.forFeature([
  { name: Alert.name, schema: AlertSchema },
  { name: AlertOpening.name, schema: AlertOpeningSchema },
  { name: AlertCooldown.name, schema: AlertCooldownSchema },
  { name: UnsettledStarts.name, schema: UnsettledStartsSchema },
  // A system notice has no asset: its recipients see it whatever their trackers (reads keep to the caller's entries).
  { name: Notification.name, schema: NotificationSchema, repository: { ownerlessVisible: true } },
]);
// Passing new inbox entries on to other instances' streams: no client's record.
const inboxFeed = MongooseModule.forFeature([{ name: NotificationFeedWrite.name, schema: NotificationFeedWriteSchema }]);

/**
 * Alert rules (`/api/alert-rules`), alerts (`/api/alerts`, both `access_alerts`) and the in-app
 * inbox (`/api/notifications`, the caller's own): rules matched against every stored fleet
 * event, alerts opened once per occurrence, and their channels (docs/alerts.md).
 */
@Module({
  imports: [ruleData, alertData, inboxFeed, DiscoveryModule, DriversModule, EventsModule, GeofencesModule, WebhooksModule],
  controllers: [AlertRulesController, AlertsController, NotificationsController],
  providers: [
    AlertRulesService,
    ClientAlertRules,
    AlertsService,
    AlertOpener,
    DelayedAlertOpenings,
    AlertSettler,
    AlertSystemResolver,
    UnsettledStartsRegister,
    UnsettledStartsBackfill,
    AlertMatcher,
    AlertChannels,
    // The channels alerts are told on: a new one is one class here (docs/alerts.md, "Channels").
    InboxChannel,
    AlertMails,
    WebhookChannel,
    AlertStories,
    Inbox,
    InboxFeed,
    InboxRetention,
    PerUserEntriesBackfill,
    SystemNotices,
    WebhookDisabledNotices,
  ],
  exports: [ruleData, alertData, SystemNotices],
})
export class AlertsModule {}
