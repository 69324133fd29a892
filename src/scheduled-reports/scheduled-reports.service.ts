import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { assertMayWrite, AuthContext, User } from '@app/auth';
import { InjectRepository, Page, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { badRequest, forbidden, validationFailed } from '@app/errors';
import { CreateScheduledReportDto, ListScheduledReportsDto, UpdateScheduledReportDto } from './dto/scheduled-report.dto';
import { nextRunAfter } from './schedule/report-schedule';
import { ScheduledReport, ScheduleRecord } from './schemas/scheduled-report.schema';
import { ScheduledReportView, toScheduledReportView } from './scheduled-report.views';
import { ReportSources } from './sources/report-sources';

/** Scheduled reports one client may keep. */
export const MAX_SCHEDULED_REPORTS = 100;

type Definition = Required<Pick<CreateScheduledReportDto, 'name' | 'report' | 'format' | 'schedule' | 'recipients'>> & {
  params: Record<string, unknown>;
  enabled: boolean;
};

/** `/api/scheduled-reports`: a client's scheduled reports (docs/reports.md, "Scheduled reports"). */
@Injectable()
export class ScheduledReportsService {
  constructor(
    @InjectRepository(ScheduledReport) private readonly reports: TenantRepository<ScheduledReport>,
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly sources: ReportSources,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, body: CreateScheduledReportDto): Promise<ScheduledReportView> {
    const definition: Definition = { ...body, params: body.params ?? {}, enabled: body.enabled ?? true, recipients: body.recipients };
    const schedule = await this.check(auth, definition);
    await this.reports.checkRoomFor(auth, MAX_SCHEDULED_REPORTS, 'scheduled reports');
    const report = await this.reports.create(auth, {
      ownerId: auth.userId,
      ...storedDefinition(definition, schedule),
      nextRunAt: definition.enabled ? nextRunAfter(schedule, new Date()) : null,
    });
    const view = toScheduledReportView(report);
    await this.activity.created(auth, { type: 'scheduled_report', id: report._id }, `Scheduled report "${report.name}" created`, view);
    return view;
  }

  list(auth: AuthContext, query: ListScheduledReportsDto): Promise<Page<Stored<ScheduledReport>>> {
    return this.reports.list(auth, {}, { limit: query.limit, cursor: query.cursor });
  }

  async get(auth: AuthContext, id: string): Promise<ScheduledReportView> {
    return toScheduledReportView(await this.find(auth, id));
  }

  find(auth: AuthContext, id: string): Promise<Stored<ScheduledReport>> {
    return this.reports.findByIdOrFail(auth, id, 'Scheduled report');
  }

  /** Changes what is sent; the whole definition is checked again, the next run computed again. */
  async update(auth: AuthContext, id: string, body: UpdateScheduledReportDto): Promise<ScheduledReportView> {
    if (Object.values(body).every((value) => value === undefined)) {
      throw badRequest('Nothing to change: send at least one of name, report, params, format, schedule, recipients, enabled');
    }
    const current = await this.find(auth, id);
    checkMayChange(auth, current);
    const definition: Definition = {
      name: body.name ?? current.name,
      report: body.report ?? current.report,
      // Another report's parameters are not this one's: a new report starts from none.
      params: body.params ?? (body.report && body.report !== current.report ? {} : current.params),
      format: body.format ?? current.format,
      schedule: body.schedule ?? current.schedule,
      recipients: body.recipients ?? { emails: current.recipients.emails, userIds: current.recipients.userIds.map(String) },
      enabled: body.enabled ?? current.enabled,
    };
    const schedule = await this.check(auth, definition);
    const rescheduled = body.schedule !== undefined || (definition.enabled && !current.enabled);
    const updated =
      (await this.reports.updateRecord(auth, current, {
        $set: {
          ...storedDefinition(definition, schedule),
          nextRunAt: !definition.enabled ? null : rescheduled || !current.nextRunAt ? nextRunAfter(schedule, new Date()) : current.nextRunAt,
        },
      })) ?? current;
    const [before, after] = [toScheduledReportView(current), toScheduledReportView(updated)];
    await this.activity.updated(auth, { type: 'scheduled_report', id: current._id }, `Scheduled report "${updated.name}" changed`, before, after);
    return after;
  }

  /** Deletes a schedule; its run history goes with it, a run under way is skipped. */
  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const report = await this.find(auth, id);
    checkMayChange(auth, report);
    await this.reports.deleteRecords(auth, [report]);
    await this.activity.deleted(auth, { type: 'scheduled_report', id: report._id }, `Scheduled report "${report.name}" deleted`, toScheduledReportView(report));
    return { id: report._id.toHexString() };
  }

  /**
   * What a definition must be: a report that can run on a schedule, in one of its formats, with
   * its parameters; a schedule whose day fields match its frequency; someone to send it to,
   * users of the client; and a caller allowed to read that report (it runs as them).
   */
  private async check(auth: AuthContext, definition: Definition): Promise<ScheduleRecord> {
    const source = this.sources.get(definition.report);
    if (!source)
      throw validationFailed([{ path: 'report', message: `${definition.report} reports cannot be scheduled; these can: ${this.sources.names().join(', ')}` }]);
    if (!auth.permissions.has(source.permission)) throw forbidden(`Scheduling ${definition.report} reports needs ${source.permission}, which you do not hold`);
    const errors: Array<{ path: string; message: string }> = [];
    if (!source.formats.includes(definition.format))
      errors.push({ path: 'format', message: `${definition.report} reports come as ${source.formats.join(' or ')}` });
    const paramsProblem = source.checkParams(definition.params);
    if (paramsProblem) errors.push({ path: 'params', message: paramsProblem });
    const { frequency, dayOfWeek, dayOfMonth } = definition.schedule;
    if ((frequency === 'weekly') !== (dayOfWeek !== undefined && dayOfWeek !== null))
      errors.push({
        path: 'schedule.dayOfWeek',
        message: frequency === 'weekly' ? 'a weekly schedule needs dayOfWeek' : 'dayOfWeek is only for weekly schedules',
      });
    if ((frequency === 'monthly') !== (dayOfMonth !== undefined && dayOfMonth !== null))
      errors.push({
        path: 'schedule.dayOfMonth',
        message: frequency === 'monthly' ? 'a monthly schedule needs dayOfMonth' : 'dayOfMonth is only for monthly schedules',
      });
    const { emails = [], userIds = [] } = definition.recipients;
    if (emails.length + userIds.length === 0) errors.push({ path: 'recipients', message: 'send the report to at least one address or user' });
    if (userIds.length) {
      const found = new Set(
        (
          await this.users.find(
            scopeOfClient(auth.clientId),
            { _id: { $in: userIds.map((id) => new Types.ObjectId(id)) }, active: true },
            { projection: { _id: 1 } },
          )
        ).map((user) => user._id.toHexString()),
      );
      for (const id of userIds) if (!found.has(id.toLowerCase())) errors.push({ path: 'recipients.userIds', message: `No active user ${id} among your users` });
    }
    if (errors.length) throw validationFailed(errors);
    return {
      frequency,
      time: definition.schedule.time,
      dayOfWeek: dayOfWeek ?? null,
      dayOfMonth: dayOfMonth ?? null,
      timeZone: definition.schedule.timeZone ?? auth.client.timeZone,
    };
  }
}

/** A checked definition as stored: its schedule as checked, its recipients normalised. */
function storedDefinition(definition: Definition, schedule: ScheduledReport['schedule']) {
  const { name, report, params, format, recipients, enabled } = definition;
  return {
    name,
    report,
    params,
    format,
    schedule,
    recipients: {
      emails: (recipients.emails ?? []).map((email) => email.toLowerCase()),
      userIds: (recipients.userIds ?? []).map((id) => new Types.ObjectId(id)),
    },
    enabled,
  };
}

/**
 * A schedule runs as its owner and sends the owner's view of the fleet. Another user who sees only
 * some trackers could otherwise point it at their own address (or their own assets' parameters)
 * and receive what they cannot see: changing or deleting someone else's schedule needs access to
 * all of the client's trackers (403). Running it now sends nothing to anyone new.
 */
function checkMayChange(auth: AuthContext, report: Stored<ScheduledReport>): void {
  if (!report.ownerId.equals(auth.userId)) assertMayWrite(auth, 'scheduled_reports.change_others');
}
