import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { InjectRepository, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { END_OF, type StoredFleetEvent } from '../../events';
import { AlertChannels } from '../alert-channels';
import { alertId, cooldownId } from '../alert-ids';
import { AlertCooldown } from '../schemas/alert-cooldown.schema';
import { AlertRule } from '../schemas/alert-rule.schema';
import { Alert } from '../schemas/alert.schema';
import { toAlertView } from './alert.view';
import { claimRounds } from './claim-rounds';
import { isEndEvent } from './event-pairs';
import { UnsettledStartsRegister } from './unsettled-starts';

/** What an alert needs of the event that opens it. */
export type OpeningEvent = Pick<StoredFleetEvent, '_id' | 'clientId' | 'assetId' | 'assetName' | 'type' | 'occurredAt' | 'geofenceId'> &
  Partial<Pick<StoredFleetEvent, 'placeId'>>;

/** A rule and an event it matched, whose alert opens now. */
export interface Opening {
  rule: Stored<AlertRule>;
  event: OpeningEvent;
}

/** The actor of what the platform does on its own (opening, system-resolving) in the activity log. */
export const SYSTEM_ACTOR = { name: 'system' };

/**
 * Writes every new alert: an ingestion batch's together (a delayed one's alone, once
 * `DelayedAlertOpenings` decides it), one write per kind whatever their number: the cooldown
 * claims in one bulk upsert (a round more only for a second event of the same rule and asset), the
 * alerts in one insert, their activity events in one insert, and the channels told once for all
 * (docs/alerts.md, "Matching"). Idempotent: an alert's id comes from its rule and its event, so
 * the same batch again (a replay after a crash, another instance) opens nothing twice, and what it
 * finds already opened it tells the channels of again (they are idempotent),
 * since a crash may have come between the alert and its notifications.
 */
@Injectable()
export class AlertOpener {
  constructor(
    @InjectRepository(Alert) private readonly alerts: TenantRepository<Alert>,
    @InjectRepository(AlertCooldown) private readonly cooldowns: TenantRepository<AlertCooldown>,
    private readonly channels: AlertChannels,
    private readonly activity: ActivityRecorder,
    private readonly unsettled: UnsettledStartsRegister,
  ) {}

  /**
   * Opens the alerts of a client's openings, but for those whose rule cools down on the asset;
   * answers the openings' alerts, those opened now and those an earlier attempt opened.
   */
  async open(clientId: Types.ObjectId, openings: readonly Opening[]): Promise<Stored<Alert>[]> {
    const byId = new Map(openings.map((opening) => [alertId(opening.rule._id, opening.event).toHexString(), opening]));
    if (byId.size === 0) return [];
    const scope = scopeOfClient(clientId);
    const cooling = await this.claimCooldowns(scope, [...byId.values()]);
    const documents = [...byId].filter(([id]) => !cooling.has(id)).map(([, opening]) => newAlert(opening));
    // An alert of a start type goes on its asset's register of what an end may settle, side by side
    // with the insert: the batch is acknowledged only once both are written, else told again.
    const [refused] = await Promise.all([
      this.alerts.insertNew(scope, documents),
      this.unsettled.add(
        scope,
        documents.filter((alert) => END_OF[alert.eventType]).map((alert) => ({ assetId: alert.assetId, id: alert._id })),
      ),
    ]);
    const created = documents.filter((_, index) => !refused.has(index)).map((document) => ({ ...document, clientId }));
    // Already there: opened by an earlier attempt at this batch. A pair that cools down may be one
    // too: that attempt went on to claim the cooldown for a later event of the same asset.
    const again = [...[...refused].map((index) => documents[index]._id.toHexString()), ...cooling];
    const found = again.length > 0 ? await this.alerts.findByIds(scope, again) : [];
    const ruleOf = (alert: Stored<Alert>) => byId.get(alert._id.toHexString())!.rule;
    await Promise.all([
      // Recorded in one turn: the recorder writes them in one insert.
      ...created.map((alert) =>
        this.activity.recordFor(
          { clientId, ...SYSTEM_ACTOR },
          {},
          {
            action: 'alert.open',
            resourceType: 'alert',
            resourceId: alert._id,
            summary: `Alert "${alert.ruleName}" opened on ${alert.assetName} (${alert.eventType})${alert.state === 'resolved' ? ', already resolved: its event ends a state' : ''}`,
            after: toAlertView(alert),
          },
        ),
      ),
      this.channels.opened(
        clientId,
        [...created, ...found].map((alert) => ({ alert, rule: ruleOf(alert) })),
      ),
    ]);
    return [...created, ...found];
  }

  /**
   * Claims the cooldown of each opening whose rule has one: the record of its rule and asset, by an
   * upsert that only matches when the last cooldown ended by this event's time (or this same
   * event claimed it: a replay); otherwise its insert is a duplicate key and the pair cools down.
   * One bulk write per round (`claimRounds`). Answers the alert ids of the openings that cool down.
   */
  private async claimCooldowns(scope: TenantScope, openings: readonly Opening[]): Promise<Set<string>> {
    const timed = openings.filter(({ rule }) => rule.cooldownSeconds > 0);
    const rounds = claimRounds(
      timed,
      ({ rule, event }) => cooldownId(rule._id, event.assetId).toHexString(),
      ({ event }) => event.occurredAt.getTime(),
    );
    const cooling = new Set<string>();
    for (const round of rounds) {
      const { duplicates } = await this.cooldowns.upsertEach(
        scope,
        round.map(({ rule, event }) => ({
          filter: { _id: cooldownId(rule._id, event.assetId), $or: [{ until: { $lte: event.occurredAt } }, { eventId: event._id }] },
          update: {
            $set: { assetId: event.assetId, ruleId: rule._id, eventId: event._id, until: new Date(event.occurredAt.getTime() + rule.cooldownSeconds * 1000) },
          },
        })),
      );
      for (const index of duplicates) cooling.add(alertId(round[index].rule._id, round[index].event).toHexString());
    }
    return cooling;
  }
}

/**
 * A new alert, open — or, opened by an end-type event (an exit, an `*.end`, back online…), already
 * resolved by the system: what it tells is over when it is told, and no later event would end it.
 */
function newAlert({ rule, event }: Opening): Stored<Omit<Alert, 'clientId'>> {
  const openedAt = new Date();
  const over = isEndEvent(event.type);
  return {
    _id: alertId(rule._id, event),
    ruleId: rule._id,
    ruleName: rule.name,
    severity: rule.severity,
    state: over ? 'resolved' : 'open',
    assetId: event.assetId,
    assetName: event.assetName,
    eventIds: [event._id],
    eventType: event.type,
    geofenceId: event.geofenceId ?? null,
    placeId: event.placeId ?? null,
    occurredAt: event.occurredAt,
    openedAt,
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: over ? openedAt : null,
    resolvedBy: over ? 'system' : null,
    comments: [],
  };
}
