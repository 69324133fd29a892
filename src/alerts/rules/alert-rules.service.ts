import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { assertMayWrite, AuthContext, mayWrite, User } from '@app/auth';
import { containsText, InjectRepository, Page, scopeOfClient, Stored, TenantQuery, TenantRepository } from '@app/database';
import { badRequest, validationFailed } from '@app/errors';
import { AssetDirectory, AssetTargetsChecker, changedAssetTargets, newAssetTargets } from '@app/fleet';
import { Geofence } from '../../geofences';
import { AlertRule, AlertSchedule } from '../schemas/alert-rule.schema';
import { AlertRuleView, toAlertRuleView } from './alert-rule.view';
import type { AlertScheduleDto } from './dto/alert-rule-fields.dto';
import { CreateAlertRuleDto } from './dto/create-alert-rule.dto';
import { ListAlertRulesDto } from './dto/list-alert-rules.dto';
import { UpdateAlertRuleDto } from './dto/update-alert-rule.dto';
import { ClientAlertRules } from './client-alert-rules';

/** Rules a client may have: matching reads them all on every batch with events. */
export const MAX_ALERT_RULES_PER_CLIENT = 500;

interface Targets {
  assetIds?: readonly string[];
  groupIds?: readonly string[];
  geofenceIds?: readonly string[];
  userIds?: readonly string[];
}

const ids = (values: readonly string[] | undefined) => (values ?? []).map((id) => new Types.ObjectId(id));

/** A client's alert rules (docs/alerts.md, "Rules"): CRUD, every id they name checked against the client. */
@Injectable()
export class AlertRulesService {
  constructor(
    @InjectRepository(AlertRule) private readonly rules: TenantRepository<AlertRule>,
    @InjectRepository(Geofence) private readonly geofences: TenantRepository<Geofence>,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly directory: AssetDirectory,
    private readonly assetTargets: AssetTargetsChecker,
    private readonly activity: ActivityRecorder,
    private readonly clientRules: ClientAlertRules,
  ) {}

  async create(auth: AuthContext, body: CreateAlertRuleDto): Promise<AlertRuleView> {
    await this.checkTargets(auth, { ...body, userIds: body.recipients?.userIds });
    await this.checkOutsideAddresses(auth, { allAssets: body.allAssets ?? true, groupIds: body.groupIds ?? [], emails: body.recipients?.emails ?? [] }, []);
    await this.rules.checkRoomFor(auth, MAX_ALERT_RULES_PER_CLIENT, 'alert rules');
    const rule = await this.rules.create(auth, {
      name: body.name,
      enabled: body.enabled ?? true,
      eventTypes: body.eventTypes,
      ...newAssetTargets(body, { allAssets: true }),
      geofenceIds: ids(body.geofenceIds),
      schedule: scheduleOf(auth, body.schedule),
      minDurationSeconds: body.minDurationSeconds ?? 0,
      cooldownSeconds: body.cooldownSeconds ?? 0,
      severity: body.severity ?? 'warning',
      recipients: { userIds: ids(body.recipients?.userIds), emails: (body.recipients?.emails ?? []).map((email) => email.toLowerCase()) },
    });
    this.clientRules.changed(auth.clientId);
    const view = toAlertRuleView(rule);
    await this.activity.created(auth, { type: 'alert-rule', id: rule._id }, `Alert rule "${rule.name}" created`, view);
    return view;
  }

  async list(auth: AuthContext, query: ListAlertRulesDto): Promise<Page<Stored<AlertRule>>> {
    const filter: TenantQuery<AlertRule> = {};
    if (query.q) filter.name = containsText(query.q);
    if (query.enabled !== undefined) filter.enabled = query.enabled;
    return this.rules.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }

  async get(auth: AuthContext, id: string): Promise<AlertRuleView> {
    return toAlertRuleView(await this.rules.findByIdOrFail(auth, id, 'Alert rule'));
  }

  async update(auth: AuthContext, id: string, body: UpdateAlertRuleDto): Promise<AlertRuleView> {
    if (Object.values(body).every((value) => value === undefined)) {
      throw badRequest(
        'Nothing to change: send at least one of name, enabled, eventTypes, allAssets, assetIds, groupIds, geofenceIds, schedule, minDurationSeconds, cooldownSeconds, severity, recipients',
      );
    }
    const rule = await this.rules.findByIdOrFail(auth, id, 'Alert rule');
    await this.checkTargets(auth, { ...body, userIds: body.recipients?.userIds });
    await this.checkOutsideAddresses(
      auth,
      {
        allAssets: body.allAssets ?? rule.allAssets,
        groupIds: body.groupIds ?? rule.groupIds.map(String),
        emails: body.recipients ? (body.recipients.emails ?? []) : rule.recipients.emails,
      },
      body.assetIds === undefined ? rule.assetIds.map(String) : [],
    );
    const set: Record<string, unknown> = {};
    for (const key of ['name', 'enabled', 'eventTypes', 'minDurationSeconds', 'cooldownSeconds', 'severity'] as const)
      if (body[key] !== undefined) set[key] = body[key];
    Object.assign(set, changedAssetTargets(body));
    if (body.geofenceIds !== undefined) set.geofenceIds = ids(body.geofenceIds);
    if (body.schedule !== undefined) set.schedule = scheduleOf(auth, body.schedule);
    if (body.recipients !== undefined) {
      set.recipients = { userIds: ids(body.recipients.userIds), emails: (body.recipients.emails ?? []).map((email) => email.toLowerCase()) };
    }
    const updated = (await this.rules.updateRecord(auth, rule, { $set: set })) ?? rule;
    this.clientRules.changed(auth.clientId);
    const [before, after] = [toAlertRuleView(rule), toAlertRuleView(updated)];
    await this.activity.updated(auth, { type: 'alert-rule', id: rule._id }, `Alert rule "${updated.name}" changed`, before, after);
    return after;
  }

  /** Deletes a rule; its alerts stay (they name the rule and keep its name). */
  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const rule = await this.rules.findByIdOrFail(auth, id, 'Alert rule');
    await this.rules.deleteMany(auth, { _id: rule._id });
    this.clientRules.changed(auth.clientId);
    await this.activity.deleted(auth, { type: 'alert-rule', id: rule._id }, `Alert rule "${rule.name}" deleted`, toAlertRuleView(rule));
    return { id: rule._id.toHexString() };
  }

  /**
   * A rule's outside addresses (`recipients.emails`) get the alerts of every asset it covers, and
   * nothing filters them by trackers as users are filtered. So a caller limited to some trackers
   * may write a rule with addresses only if it covers assets they see, named one by one: not all
   * assets, no groups (which may hold others), every named asset theirs — else 403. The assets a
   * request sends are checked by `checkTargets` already; `keptAssetIds`, those a change keeps, here.
   */
  private async checkOutsideAddresses(
    auth: AuthContext,
    rule: { allAssets: boolean; groupIds: readonly string[]; emails: readonly string[] },
    keptAssetIds: readonly string[],
  ): Promise<void> {
    // Whatever the rule covers, a caller who sees every tracker may: no read to find out.
    if (rule.emails.length === 0 || mayWrite(auth, 'alert_rules.outside_addresses', { onlySeenAssets: false })) return;
    const wide = rule.allAssets || rule.groupIds.length > 0;
    const keepsUnseen =
      !wide &&
      keptAssetIds.length > 0 &&
      (await this.directory.findAssetsInService(auth, keptAssetIds)).length < new Set(keptAssetIds.map((id) => id.toLowerCase())).size;
    assertMayWrite(auth, 'alert_rules.outside_addresses', { onlySeenAssets: !wide && !keepsUnseen });
  }

  /** Every id a rule names must be the client's (assets also in service and within the caller's trackers): 400 naming the others. */
  private async checkTargets(auth: AuthContext, targets: Targets): Promise<void> {
    const { geofenceIds = [], userIds = [] } = targets;
    const client = scopeOfClient(auth.clientId);
    const [assetProblems, geofences, users] = await Promise.all([
      this.assetTargets.problems(auth, targets, { groups: 'asset groups' }),
      geofenceIds.length ? this.geofences.findByIds(client, geofenceIds) : [],
      userIds.length ? this.users.find(client, { _id: { $in: ids(userIds) }, active: true }, { projection: { _id: 1 } }) : [],
    ]);
    const known = (records: ReadonlyArray<{ _id: Types.ObjectId }>) => new Set(records.map((record) => record._id.toHexString()));
    const unknown = (path: string, sent: readonly string[], found: Set<string>, what: string) =>
      sent.filter((id) => !found.has(id.toLowerCase())).map((id) => ({ path, message: `No ${what} ${id} among your ${what}s` }));
    const errors = [
      ...assetProblems,
      ...unknown('geofenceIds', geofenceIds, known(geofences), 'geofence'),
      ...unknown('recipients.userIds', userIds, known(users), 'active user'),
    ];
    if (errors.length > 0) throw validationFailed(errors);
  }
}

function scheduleOf(auth: AuthContext, schedule: AlertScheduleDto | null | undefined): AlertSchedule | null {
  if (!schedule) return null;
  return { timeZone: schedule.timeZone ?? auth.client.timeZone, days: [...schedule.days], from: schedule.from, to: schedule.to };
}
