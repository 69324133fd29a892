import { Injectable, OnModuleInit } from '@nestjs/common';
import { Types } from 'mongoose';
import { byClient, groupBy, InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Asset, targetsApplyTo, targetsNeedAssetGroups } from '@app/fleet';
import { Jobs } from '@app/jobs';
import { OnDomainEvent } from '@app/bus';
import { FLEET_EVENTS_ENDED_AGAIN, FLEET_EVENTS_RECORDED, type StoredFleetEvent } from '../../events';
import { ClientAlertRules } from '../rules/client-alert-rules';
import { inSchedule } from '../rules/schedule';
import { AlertRule } from '../schemas/alert-rule.schema';
import { AlertOpener, type Opening } from './alert-opener.service';
import { AlertSettler } from './alert-settler.service';
import { DelayedAlertOpenings, OPEN_AFTER_DURATION, waitsForDuration } from './delayed-alert-openings.service';
import { isEndEvent, startsEndedBy } from './event-pairs';

/**
 * Hears every stored fleet event (`FLEET_EVENTS_RECORDED`, before the ingestion or the request is
 * acknowledged) and finds the client's enabled rules it matches: its type, its asset (all, the
 * rule's, or its groups'), its geofence, and the rule's weekly window at the event's time. The
 * batch's immediate alerts open together (`AlertOpener`), those of a minimum duration wait
 * (`DelayedAlertOpenings`); end events then resolve or cancel what their start opened (`AlertSettler`). Idempotent: everything it writes is keyed by the event's id.
 */
@Injectable()
export class AlertMatcher implements OnModuleInit {
  constructor(
    private readonly opener: AlertOpener,
    private readonly delayed: DelayedAlertOpenings,
    private readonly settler: AlertSettler,
    private readonly clientRules: ClientAlertRules,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly jobs: Jobs,
  ) {}

  onModuleInit(): void {
    this.jobs.handle<{ clientId: string; openingId: string }>(OPEN_AFTER_DURATION, ({ payload, lease }) =>
      this.delayed.decide(payload.clientId, payload.openingId, lease),
    );
  }

  /** End events told again after a start found late: they settle what it opened (and open nothing: their own alerts exist). */
  @OnDomainEvent(FLEET_EVENTS_ENDED_AGAIN)
  async settleAgain(events: readonly StoredFleetEvent[]): Promise<void> {
    for (const group of byClient(events)) {
      await this.settler.ended(group[0].clientId, await this.settler.unsettledBy(group[0].clientId, group), []);
    }
  }

  @OnDomainEvent(FLEET_EVENTS_RECORDED)
  async heard(events: readonly StoredFleetEvent[]): Promise<void> {
    await Promise.all(byClient(events).map((group) => this.heardOfClient(group)));
  }

  private async heardOfClient(events: readonly StoredFleetEvent[]): Promise<void> {
    const scope = scopeOfClient(events[0].clientId);
    // All the client's rules (at most 500, kept for a few seconds): the enabled ones match; any
    // rule's start types say which end events may have something to settle.
    const all = await this.clientRules.of(scope.clientId);
    if (all.length === 0) return;
    const types = new Set(events.map((event) => event.type));
    const rules = all.filter((rule) => rule.enabled && rule.eventTypes.some((type) => types.has(type)));
    const watchedStarts = new Set(all.flatMap((rule) => rule.eventTypes));
    const settles = (event: StoredFleetEvent) => isEndEvent(event.type) && startsEndedBy(event.type).some((start) => watchedStarts.has(start));
    if (rules.length === 0 && !events.some(settles)) return;
    const groupsOf = await this.assetGroups(scope, rules, events);
    // By asset, in time order; assets apart from one another.
    const timelines = [...groupBy(events, (event) => event.assetId.toHexString()).values()].map((list) =>
      list.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime()),
    );
    // Every match: the waiting openings of a minimum duration written, the rest collected and opened together.
    const now: Opening[] = [];
    const later: Array<() => Promise<unknown>> = [];
    await Promise.all(
      timelines.map(async (timeline) => {
        for (const event of timeline)
          for (const rule of rules) {
            if (!matches(rule, event, groupsOf.get(event.assetId.toHexString()) ?? [])) continue;
            if (waitsForDuration(rule, event)) await this.delayed.wait(rule, event, later);
            else now.push({ rule, event });
          }
      }),
    );
    // What the ends may settle is read while the alerts open (the batch's own alerts are added
    // from what the opener answers); then the ends, per asset in time order: each settles only
    // what occurred at or before it, so an end resolves the start before it in this batch and
    // leaves a later start's alert open, as if the batch had been walked one event at a time.
    const [opened, unsettled] = await Promise.all([this.opener.open(scope.clientId, now), this.settler.unsettledBy(scope.clientId, events.filter(settles))]);
    await this.settler.ended(scope.clientId, unsettled, opened);
    for (const enqueue of later) await enqueue();
  }

  /** The groups of the batch's assets, read only when a rule names groups. */
  private async assetGroups(
    scope: ReturnType<typeof scopeOfClient>,
    rules: readonly Stored<AlertRule>[],
    events: readonly StoredFleetEvent[],
  ): Promise<Map<string, Types.ObjectId[]>> {
    if (!rules.some(targetsNeedAssetGroups)) return new Map();
    const assets = await this.assets.findByIds(scope, [...new Set(events.map((event) => event.assetId.toHexString()))]);
    return new Map(assets.map((asset) => [asset._id.toHexString(), asset.groupIds ?? []]));
  }
}

/** Does an event match a rule (its type, asset, geofence and window)? */
export function matches(rule: Stored<AlertRule>, event: StoredFleetEvent, assetGroups: readonly Types.ObjectId[]): boolean {
  if (!rule.eventTypes.includes(event.type)) return false;
  if (!targetsApplyTo(rule, { _id: event.assetId, groupIds: assetGroups })) return false;
  if (rule.geofenceIds.length > 0 && !(event.geofenceId && rule.geofenceIds.some((id) => id.equals(event.geofenceId)))) return false;
  return inSchedule(rule.schedule, event.occurredAt);
}
