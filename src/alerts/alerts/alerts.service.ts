import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { DomainException, ErrorCode, validationFailed } from '@app/errors';
import { DriverAssignments } from '../../drivers';
import { AlertChannels } from '../alert-channels';
import { Alert, AlertComment, AlertState } from '../schemas/alert.schema';
import { AlertView, toAlertView } from './alert.view';
import { AlertTransitionDto } from './dto/alert-transition.dto';
import { ListAlertsDto } from './dto/list-alerts.dto';

/** The states each transition may start from. */
const TRANSITIONS = {
  acknowledge: { from: ['open'] as AlertState[], to: 'acknowledged' as const, change: 'acknowledged' as const },
  resolve: { from: ['open', 'acknowledged'] as AlertState[], to: 'resolved' as const, change: 'resolved' as const },
};

/** The client's alerts (docs/alerts.md, "Alerts"): list, read, acknowledge, resolve. */
@Injectable()
export class AlertsService {
  constructor(
    @InjectRepository(Alert) private readonly alerts: TenantRepository<Alert>,
    private readonly channels: AlertChannels,
    private readonly activity: ActivityRecorder,
    private readonly drivers: DriverAssignments,
  ) {}

  list(auth: AuthContext, query: ListAlertsDto): Promise<Page<Stored<Alert>>> {
    const filter: TenantQuery<Alert> = {};
    if (query.state) filter.state = query.state;
    if (query.severity) filter.severity = query.severity;
    if (query.assetId) filter.assetId = new Types.ObjectId(query.assetId);
    if (query.ruleId) filter.ruleId = new Types.ObjectId(query.ruleId);
    if (query.eventType) filter.eventType = query.eventType;
    if (query.geofenceId) filter.geofenceId = new Types.ObjectId(query.geofenceId);
    if (query.placeId) filter.placeId = new Types.ObjectId(query.placeId);
    if (query.from || query.to) {
      const [from, to] = [query.from ? new Date(query.from) : null, query.to ? new Date(query.to) : null];
      if (from && to && from > to) throw validationFailed([{ path: 'from', message: 'from must not be after to' }]);
      filter.openedAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
    }
    return this.alerts.list(auth, filter, { limit: query.limit, cursor: query.cursor }, { sortBy: 'openedAt' });
  }

  async get(auth: AuthContext, id: string): Promise<AlertView> {
    const [view] = await this.labelled(auth, [toAlertView(await this.alerts.findByIdOrFail(auth, id, 'Alert'))]);
    return view;
  }

  /** The alerts with the driver of their opening event's moment: one query for them all. */
  labelled(auth: AuthContext, views: readonly AlertView[]): Promise<AlertView[]> {
    return this.drivers.withDrivers(auth, views, (view) => ({ assetId: view.assetId, at: view.occurredAt }));
  }

  /** open → acknowledged, or open/acknowledged → resolved; any other → 409. */
  async transition(auth: AuthContext, id: string, action: keyof typeof TRANSITIONS, body: AlertTransitionDto): Promise<AlertView> {
    const { from, to, change } = TRANSITIONS[action];
    const alert = await this.alerts.findByIdOrFail(auth, id, 'Alert');
    const conflict = (state: AlertState) =>
      new DomainException(ErrorCode.Conflict, `The alert is ${state}: it cannot be ${to} (only an alert that is ${from.join(' or ')} can)`);
    if (!from.includes(alert.state)) throw await this.toldAgain(alert, change, to, conflict(alert.state));
    const now = new Date();
    const set =
      action === 'acknowledge'
        ? { state: to, acknowledgedAt: now, acknowledgedBy: auth.userId.toHexString() }
        : { state: to, resolvedAt: now, resolvedBy: auth.userId.toHexString() };
    const comment: AlertComment | null = body.comment ? { text: body.comment, by: auth.userId.toHexString(), byName: auth.name, at: now, action } : null;
    const updated = await this.alerts.updateRecord(auth, alert, { $set: set, ...(comment ? { $push: { comments: comment } } : {}) }, { state: { $in: from } });
    if (!updated) {
      // Changed meanwhile (another user, or its end event): say what it is now.
      const current = await this.alerts.findByIdOrFail(auth, id, 'Alert');
      throw await this.toldAgain(current, change, to, conflict(current.state));
    }
    const [before, after] = [toAlertView(alert), toAlertView(updated)];
    await this.activity.record(auth, {
      action: `alert.${action}`,
      resourceType: 'alert',
      resourceId: alert._id,
      summary: `Alert "${alert.ruleName}" on ${alert.assetName} ${to}`,
      before,
      after,
    });
    await this.channels.changed(change, updated, null);
    return (await this.labelled(auth, [after]))[0];
  }

  /**
   * The 409 of an alert already in the state a transition leads to, after telling its webhooks
   * of that state again: a request that stored the change and failed before telling them (a 500)
   * is retried by its caller, and the retry's 409 is then not the end of the notification. Told
   * under the change's key, so an alert already told is not told twice.
   */
  private async toldAgain(alert: Stored<Alert>, change: 'acknowledged' | 'resolved', to: AlertState, conflict: DomainException): Promise<DomainException> {
    if (alert.state === to) await this.channels.changed(change, alert, null);
    return conflict;
  }
}
