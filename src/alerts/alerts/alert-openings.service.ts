import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { groupBy, InjectRepository, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { Jobs, LeaseCheck } from '@app/jobs';
import { END_OF, type StoredFleetEvent } from '../../events';
import { AlertChannels } from '../alert-channels';
import { alertId } from '../alert-ids';
import { AlertOpening } from '../schemas/alert-opening.schema';
import { AlertRule } from '../schemas/alert-rule.schema';
import { Alert } from '../schemas/alert.schema';
import { AlertOpener, SYSTEM_ACTOR, type OpeningEvent } from './alert-opener.service';
import { toAlertView } from './alert.view';
import { isEndEvent, startsEndedBy } from './event-pairs';
import { UnsettledStartsRegister, type UnsettledStart } from './unsettled-starts';

/** The job that decides a start event's alert once its rule's minimum duration has passed. */
export const OPEN_AFTER_DURATION = 'alerts.open-after-duration';

/** Whether a match waits for its rule's minimum duration (a start event: a type with an end) rather than opening at once. */
export const waitsForDuration = (rule: Pick<AlertRule, 'minDurationSeconds'>, event: Pick<OpeningEvent, 'type'>): boolean =>
  rule.minDurationSeconds > 0 && Boolean(END_OF[event.type]);

/**
 * Delays and system-resolves alerts (docs/alerts.md, "Matching"; `AlertOpener` opens them). Every write is keyed
 * so that doing it again — a replayed event, a retried job, a second instance — changes nothing:
 * the alert's id comes from its rule and its opening event; a delayed opening is claimed once,
 * either by its job (`waiting` → `opened`) or by its end event (`waiting` → `cancelled`).
 */
@Injectable()
export class AlertOpenings {
  constructor(
    @InjectRepository(Alert) private readonly alerts: TenantRepository<Alert>,
    @InjectRepository(AlertRule) private readonly rules: TenantRepository<AlertRule>,
    @InjectRepository(AlertOpening) private readonly openings: TenantRepository<AlertOpening>,
    private readonly opener: AlertOpener,
    private readonly channels: AlertChannels,
    private readonly activity: ActivityRecorder,
    private readonly jobs: Jobs,
    private readonly unsettled: UnsettledStartsRegister,
  ) {}

  /**
   * A start event that matched a rule with a minimum duration: its opening waits, and the job that
   * decides it is pushed onto `later` (enqueued once the whole batch is handled): an end in the
   * same batch cancels first, even when the time to decide has already passed (telemetry that
   * arrives late).
   */
  async wait(rule: Stored<AlertRule>, event: OpeningEvent, later: Array<() => Promise<unknown>>): Promise<void> {
    const id = alertId(rule._id, event);
    const decideAt = new Date(event.occurredAt.getTime() + rule.minDurationSeconds * 1000);
    const scope = scopeOfClient(event.clientId);
    const write = this.openings.updateOne(
      scope,
      { _id: id },
      {
        $setOnInsert: {
          assetId: event.assetId,
          assetName: event.assetName,
          ruleId: rule._id,
          eventId: event._id,
          eventType: event.type,
          geofenceId: event.geofenceId ?? null,
          occurredAt: event.occurredAt,
          decideAt,
          state: 'waiting',
        },
      },
      { upsert: true },
    );
    // On its asset's register with it: an end reads what it may settle there.
    await Promise.all([write, this.unsettled.add(scope, [{ assetId: event.assetId, id }])]);
    later.push(() =>
      this.jobs.enqueue(
        OPEN_AFTER_DURATION,
        { clientId: event.clientId.toHexString(), openingId: id.toHexString() },
        { key: id.toHexString(), runAt: decideAt, retryDelaysMs: [5_000, 30_000, 120_000, 600_000] },
      ),
    );
  }

  /** The job: opens the alert unless the end event cancelled it first (and only while the job's run holds it). */
  async decide(clientId: string, openingId: string, lease: LeaseCheck): Promise<void> {
    const scope = scopeOfClient(new Types.ObjectId(clientId));
    const opening = await this.openings.findById(scope, openingId);
    if (!opening || opening.state === 'cancelled') return;
    lease.assertHeld();
    await this.openAfterWait(opening);
  }

  /**
   * Events a late message re-dated (moved under their id, docs/events.md "Late messages"): the
   * unsettled alerts and waiting openings they opened — found through their assets' registers —
   * take the new time, so the episode's end settles them as if the events had come in order.
   */
  async followMoved(events: readonly StoredFleetEvent[]): Promise<void> {
    for (const group of groupBy(events, (event) => event.clientId.toHexString()).values()) {
      const scope = scopeOfClient(group[0].clientId);
      const moved = new Map(group.map((event) => [event._id.toHexString(), event]));
      const registers = await this.unsettled.of(
        scope,
        [...new Set(group.map((event) => event.assetId.toHexString()))].map((id) => new Types.ObjectId(id)),
      );
      const ids = [...new Set(registers.flatMap((register) => (register.ids ?? []).map((id) => id.toHexString())))];
      if (ids.length === 0) continue;
      const [alerts, openings] = await Promise.all([this.alerts.findByIds(scope, ids), this.openings.findByIds(scope, ids)]);
      for (const alert of alerts) {
        const event = moved.get(alert.eventIds[0]?.toHexString() ?? '');
        if (event && alert.occurredAt.getTime() !== event.occurredAt.getTime())
          await this.alerts.updateRecord(scope, alert, { $set: { occurredAt: event.occurredAt } });
      }
      for (const opening of openings) {
        const event = moved.get(opening.eventId.toHexString());
        if (!event || opening.state !== 'waiting' || opening.occurredAt.getTime() === event.occurredAt.getTime()) continue;
        const decideAt = new Date(event.occurredAt.getTime() + (opening.decideAt.getTime() - opening.occurredAt.getTime()));
        await this.openings.updateRecord(scope, opening, { $set: { occurredAt: event.occurredAt, decideAt } });
      }
    }
  }

  /**
   * What a batch's end events (of one client) may settle, read through their assets' registers
   * (`UnsettledStartsRegister`: lookups, where a query by asset and state would scan every alert on
   * the embedded server): their waiting openings, their unresolved alerts of the start types they
   * end, and the alerts they resolved already (the batch told again after a crash). Read side by
   * side with the batch's openings, which `ended` adds.
   */
  async unsettledBy(clientId: Types.ObjectId, events: readonly OpeningEvent[]): Promise<Unsettled | null> {
    const ends = events.filter((end) => isEndEvent(end.type));
    if (ends.length === 0) return null;
    const scope = scopeOfClient(clientId);
    const registers = await this.unsettled.of(
      scope,
      [...new Set(ends.map((end) => end.assetId.toHexString()))].map((id) => new Types.ObjectId(id)),
    );
    // A register that only a removal's upsert created has no `ids`.
    const ids = [...new Set(registers.flatMap((register) => (register.ids ?? []).map((id) => id.toHexString())))];
    const [openings, alerts] = ids.length > 0 ? await Promise.all([this.openings.findByIds(scope, ids), this.alerts.findByIds(scope, ids)]) : [[], []];
    return { ends, openings, alerts };
  }

  /**
   * The batch's end events, per asset in time order, on what they may settle (`unsettledBy`, with
   * the alerts the batch itself opened): each cancels the openings it came in time for, opens those
   * it came too late for, and resolves what its start opened. The resolutions are written in one
   * bulk write and recorded in one insert, and what is settled leaves the registers last (a crash
   * before that finds it again, and tells its channels again).
   */
  async ended(clientId: Types.ObjectId, read: Unsettled | null, opened: readonly Stored<Alert>[]): Promise<void> {
    if (!read) return;
    const { ends, openings } = read;
    const scope = scopeOfClient(clientId);
    const endIds = ends.map((end) => end._id);
    const startTypes = new Set(ends.flatMap((end) => startsEndedBy(end.type)));
    // The batch's own alerts, opened while the registers were read: as they are now, whichever read saw them.
    const alerts = [...new Map([...read.alerts, ...opened].map((alert) => [alert._id.toHexString(), alert])).values()];
    const waiting = openings.filter((opening) => opening.state === 'waiting' && startTypes.has(opening.eventType));
    const unsettled = alerts.filter(
      (alert) => startTypes.has(alert.eventType) && (alert.state !== 'resolved' || alert.eventIds.some((id) => endIds.some((end) => end.equals(id)))),
    );
    const resolvedBefore = unsettled.filter((alert) => alert.state === 'resolved');
    const assets = new Map(
      ends.map((end) => [end.assetId.toHexString(), { ends: [] as OpeningEvent[], waiting: [] as Stored<AlertOpening>[], open: [] as Stored<Alert>[] }]),
    );
    for (const end of ends) assets.get(end.assetId.toHexString())!.ends.push(end);
    for (const opening of waiting) assets.get(opening.assetId.toHexString())?.waiting.push(opening);
    for (const alert of unsettled) if (alert.state !== 'resolved') assets.get(alert.assetId.toHexString())?.open.push(alert);
    const resolutions: Resolution[] = [];
    const again: Stored<Alert>[] = [];
    const cancelled: Stored<AlertOpening>[] = [];
    await Promise.all(
      [...assets.values()].map(async (asset) => {
        for (const end of asset.ends.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())) {
          const settled = await this.settle(scope, end, asset, resolvedBefore);
          resolutions.push(...settled.resolutions);
          again.push(...settled.again);
          cancelled.push(...settled.cancelled);
        }
      }),
    );
    await this.resolve(scope, resolutions, again);
    const settled = settledOnes(openings, alerts, cancelled, resolutions);
    if (settled.length > 0) await this.unsettled.remove(scope, settled);
  }

  /**
   * One end event on its asset's unsettled openings and alerts: the openings it settles at once
   * (answering those it cancelled), the alerts it resolves as resolutions to write, and those it
   * had resolved already (told again).
   */
  private async settle(
    scope: TenantScope,
    end: OpeningEvent,
    asset: { waiting: Stored<AlertOpening>[]; open: Stored<Alert>[] },
    resolvedBefore: readonly Stored<Alert>[],
  ): Promise<{ resolutions: Resolution[]; again: Stored<Alert>[]; cancelled: Stored<AlertOpening>[] }> {
    const starts = startsEndedBy(end.type);
    const endedBy = (record: Pick<Alert, 'eventType' | 'geofenceId' | 'occurredAt'>) =>
      starts.includes(record.eventType) && sameId(record.geofenceId, end.geofenceId) && record.occurredAt <= end.occurredAt;
    const cancelled: Stored<AlertOpening>[] = [];
    for (const opening of take(asset.waiting, endedBy)) {
      if (end.occurredAt < opening.decideAt) {
        // Not cancelled: its job claimed it first, and its alert opens.
        if (await this.openings.updateRecord(scope, opening, { $set: { state: 'cancelled' } }, { state: 'waiting' })) cancelled.push(opening);
        continue;
      }
      await this.openAfterWait(opening); // it lasted long enough: its alert opens, and is resolved just below
      const opened = await this.alerts.findById(scope, opening._id.toHexString()); // the alert's id is the opening's
      if (opened && opened.state !== 'resolved') asset.open.push(opened);
    }
    const resolutions = take(asset.open, endedBy).map((alert) => ({ alert, end }));
    // Resolved by this end already, and the event told again (it was not marked told: a crash came
    // between the resolution and the acknowledgement): the channels are told again too (idempotent).
    const again = resolvedBefore.filter((alert) => endedBy(alert) && alert.eventIds.some((id) => id.equals(end._id)));
    return { resolutions, again, cancelled };
  }

  /**
   * Resolves alerts by the system in one conditional bulk write (still open or acknowledged: a
   * person may have resolved one meanwhile; then they are read back to see which this end
   * resolved), records them in the activity log and tells the channels, with the alerts resolved
   * already and told again.
   */
  private async resolve(scope: TenantScope, resolutions: readonly Resolution[], again: readonly Stored<Alert>[]): Promise<void> {
    const resolvedAt = new Date();
    const set = { state: 'resolved' as const, resolvedAt, resolvedBy: 'system' };
    const matched = await this.alerts.updateEach(
      scope,
      resolutions.map(({ alert, end }) => ({
        record: alert,
        update: { $set: set, $addToSet: { eventIds: end._id } },
        conditions: { state: { $in: ['open', 'acknowledged'] } },
      })),
    );
    const resolved =
      matched === resolutions.length
        ? resolutions.map(({ alert, end }) => ({ before: alert, now: { ...alert, ...set, eventIds: [...alert.eventIds, end._id] }, end }))
        : await this.resolvedByTheirEnds(scope, resolutions);
    await Promise.all([
      // Recorded in one turn: the recorder writes them in one insert.
      ...resolved.map(({ before, now, end }) =>
        this.activity.recordFor(
          { clientId: end.clientId, ...SYSTEM_ACTOR },
          {},
          {
            action: 'alert.resolve',
            resourceType: 'alert',
            resourceId: before._id,
            summary: `Alert "${before.ruleName}" on ${before.assetName} resolved by the system (${end.type})`,
            before: toAlertView(before),
            after: toAlertView(now),
          },
        ),
      ),
      this.channels.changedMany(scope.clientId, 'resolved', [...resolved.map(({ now }) => now), ...again]),
    ]);
  }

  /** After a conditional write that did not match every alert: which of them their end resolved, read back. */
  private async resolvedByTheirEnds(
    scope: TenantScope,
    resolutions: readonly Resolution[],
  ): Promise<Array<{ before: Stored<Alert>; now: Stored<Alert>; end: OpeningEvent }>> {
    const after = new Map(
      (
        await this.alerts.findByIds(
          scope,
          resolutions.map(({ alert }) => alert._id.toHexString()),
        )
      ).map((alert) => [alert._id.toHexString(), alert]),
    );
    return resolutions.flatMap(({ alert, end }) => {
      const now = after.get(alert._id.toHexString());
      return now && now.state === 'resolved' && now.resolvedBy === 'system' && now.eventIds.some((id) => id.equals(end._id))
        ? [{ before: alert, now, end }]
        : [];
    });
  }

  private async openAfterWait(opening: Stored<AlertOpening>): Promise<void> {
    const scope = scopeOfClient(opening.clientId);
    const claimed = await this.openings.updateRecord(scope, opening, { $set: { state: 'opened' } }, { state: { $in: ['waiting', 'opened'] } });
    if (!claimed) return; // its end event came first
    const rule = await this.rules.findById(scope, opening.ruleId.toHexString());
    if (!rule || !rule.enabled) return;
    const event = {
      _id: opening.eventId,
      clientId: opening.clientId,
      assetId: opening.assetId,
      assetName: opening.assetName,
      type: opening.eventType,
      occurredAt: opening.occurredAt,
      geofenceId: opening.geofenceId,
    };
    await this.opener.open(opening.clientId, [{ rule, event }]);
  }
}

/** What a batch's ends may settle, as read before they settle it. */
export interface Unsettled {
  ends: OpeningEvent[];
  openings: Stored<AlertOpening>[];
  alerts: Stored<Alert>[];
}

/** An open alert and the end event that resolves it. */
interface Resolution {
  alert: Stored<Alert>;
  end: OpeningEvent;
}

/**
 * What a batch of ends leaves settled: alerts resolved (by these ends, earlier, or by a person)
 * and openings cancelled without an alert. An opening claimed by its job stays: its alert may not
 * be written yet.
 */
function settledOnes(
  openings: readonly Stored<AlertOpening>[],
  alerts: readonly Stored<Alert>[],
  cancelled: readonly Stored<AlertOpening>[],
  resolutions: readonly Resolution[],
): UnsettledStart[] {
  const settled = new Map<string, UnsettledStart>();
  const add = ({ _id, assetId }: { _id: Types.ObjectId; assetId: Types.ObjectId }) => settled.set(_id.toHexString(), { assetId, id: _id });
  for (const alert of alerts) if (alert.state === 'resolved') add(alert);
  // Resolved now, by its end or (the conditional write missed it) by a person meanwhile.
  for (const { alert } of resolutions) add(alert);
  const alertIds = new Set(alerts.map((alert) => alert._id.toHexString()));
  for (const opening of [...openings.filter((read) => read.state === 'cancelled'), ...cancelled]) if (!alertIds.has(opening._id.toHexString())) add(opening);
  return [...settled.values()];
}

/** Removes from `list` the items that satisfy `test`, and answers them. */
function take<T>(list: T[], test: (item: T) => boolean): T[] {
  const taken = list.filter(test);
  for (const item of taken) list.splice(list.indexOf(item), 1);
  return taken;
}

const sameId = (a: Types.ObjectId | null | undefined, b: Types.ObjectId | null | undefined): boolean => (a && b ? a.equals(b) : !a && !b);
