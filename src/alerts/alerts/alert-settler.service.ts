import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { byClient, InjectRepository, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { OnDomainEvent } from '@app/bus';
import { FLEET_EVENTS_MOVED, type StoredFleetEvent } from '../../events';
import { AlertOpening } from '../schemas/alert-opening.schema';
import { Alert } from '../schemas/alert.schema';
import { type OpeningEvent } from './alert-opener.service';
import { DelayedAlertOpenings } from './delayed-alert-openings.service';
import { isEndEvent, startsEndedBy } from './event-pairs';
import { AlertSystemResolver, type Resolution } from './alert-system-resolver.service';
import { UnsettledStartsRegister, type UnsettledStart } from './unsettled-starts';

/**
 * Settles what end events end (docs/alerts.md, "Matching"): an end cancels the waiting openings it
 * came in time for, opens those it came too late for, and resolves what its start opened
 * (`AlertSystemResolver`). It reads them through the assets' registers of unsettled starts, and
 * keeps their times in step with events a late message moved. Every write is keyed, so doing it
 * again — a replayed event, a second instance — changes nothing.
 */
@Injectable()
export class AlertSettler {
  constructor(
    @InjectRepository(Alert) private readonly alerts: TenantRepository<Alert>,
    @InjectRepository(AlertOpening) private readonly openings: TenantRepository<AlertOpening>,
    private readonly delayed: DelayedAlertOpenings,
    private readonly resolver: AlertSystemResolver,
    private readonly unsettled: UnsettledStartsRegister,
  ) {}

  /**
   * Events a late message re-dated (moved under their id, docs/events.md "Late messages"): the
   * unsettled alerts and waiting openings they opened — found through their assets' registers —
   * take the new time, so the episode's end settles them as if the events had come in order.
   */
  @OnDomainEvent(FLEET_EVENTS_MOVED)
  async followMoved(events: readonly StoredFleetEvent[]): Promise<void> {
    for (const group of byClient(events)) {
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
    await this.resolver.resolve(scope, resolutions, again);
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
    const endedBy = (record: Pick<Alert, 'eventType' | 'geofenceId' | 'occurredAt'> & { placeId?: Types.ObjectId | null }) =>
      starts.includes(record.eventType) &&
      sameId(record.geofenceId, end.geofenceId) &&
      sameId(record.placeId, end.placeId) &&
      record.occurredAt <= end.occurredAt;
    const cancelled: Stored<AlertOpening>[] = [];
    for (const opening of take(asset.waiting, endedBy)) {
      if (end.occurredAt < opening.decideAt) {
        // Not cancelled: its job claimed it first, and its alert opens.
        if (await this.openings.updateRecord(scope, opening, { $set: { state: 'cancelled' } }, { state: 'waiting' })) cancelled.push(opening);
        continue;
      }
      await this.delayed.openAfterWait(opening); // it lasted long enough: its alert opens, and is resolved just below
      const opened = await this.alerts.findById(scope, opening._id.toHexString()); // the alert's id is the opening's
      if (opened && opened.state !== 'resolved') asset.open.push(opened);
    }
    const resolutions = take(asset.open, endedBy).map((alert) => ({ alert, end }));
    // Resolved by this end already, and the event told again (it was not marked told: a crash came
    // between the resolution and the acknowledgement): the channels are told again too (idempotent).
    const again = resolvedBefore.filter((alert) => endedBy(alert) && alert.eventIds.some((id) => id.equals(end._id)));
    return { resolutions, again, cancelled };
  }
}

/** What a batch's ends may settle, as read before they settle it. */
export interface Unsettled {
  ends: OpeningEvent[];
  openings: Stored<AlertOpening>[];
  alerts: Stored<Alert>[];
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
