import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, Page, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { DomainException, errorCodeRule } from '@app/errors';
import { Jobs, LeaseCheck, LeaseLost, Reschedule } from '@app/jobs';
import type { Language } from '@app/i18n';
import { Mailer } from '@app/mail';
import { ListReportRunsDto } from '../dto/scheduled-report.dto';
import { reportPeriod } from '../schedule/report-schedule';
import { ReportRun } from '../schemas/report-run.schema';
import { ScheduledReport } from '../schemas/scheduled-report.schema';
import { ReportRunView, toReportRunView } from '../scheduled-report.views';
import { ReportFiles, type ReportLink } from '../files/report-files.service';
import { MAX_REPORT_BYTES, ReportTooLarge } from '../sources/read-whole';
import type { BuiltReport, ReportPeriod } from '../sources/report-source';
import { ReportSources } from '../sources/report-sources';
import { reportMail } from './report-mail';
import { type Recipient, RunAudience, RunRefused } from './run-audience';

/** The job that makes one run (keyed by the run's id). */
export const RUN_JOB = 'scheduled-reports.run';
/** After a failed attempt (the invoice portal down, say): 5 min, 15 min, 1 h, 3 h; then the run stays failed. */
export const RUN_RETRY_DELAYS_MS = [300_000, 900_000, 3_600_000, 10_800_000];

interface RunPayload {
  clientId: string;
  runId: string;
}

/** What a finished attempt records on its run. */
type Outcome = Partial<Pick<ReportRun, 'state' | 'rows' | 'fileName' | 'fileBytes' | 'delivery' | 'linkExpiresAt' | 'error' | 'nextAttemptAt'>>;

/** A built file and, when it is too large to attach, the download link the mail carries instead. */
interface ReportDelivery {
  file: BuiltReport;
  link: ReportLink | null;
}

/**
 * Runs of scheduled reports (docs/reports.md, "Scheduled reports"): each a stored record, then a
 * durable job — once across instances, again after a crash — that builds the report as the
 * schedule's owner and queues the mail with the file attached (the mail itself is a durable job
 * keyed by the run: a run is mailed once). A failure is recorded with its reason and tried again
 * later; nothing is mailed until the whole file is built.
 */
@Injectable()
export class ReportRuns implements OnModuleInit {
  private readonly logger = new Logger(ReportRuns.name);

  constructor(
    @InjectRepository(ReportRun) private readonly runs: TenantRepository<ReportRun>,
    @InjectRepository(ScheduledReport) private readonly reports: TenantRepository<ScheduledReport>,
    private readonly audience: RunAudience,
    private readonly sources: ReportSources,
    private readonly mailer: Mailer,
    private readonly files: ReportFiles,
    private readonly jobs: Jobs,
    private readonly activity: ActivityRecorder,
  ) {}

  onModuleInit(): void {
    this.jobs.handle<RunPayload>(RUN_JOB, ({ payload, lease }) => this.execute(payload, lease), { concurrency: 2, leaseMs: 120_000 });
  }

  /**
   * The run of `report` due at `dueAt`, stored once (a second sweep, instance or restart finds it
   * there) and queued. Answers whether this call stored it.
   */
  async queueScheduled(report: Stored<ScheduledReport>, dueAt: Date): Promise<boolean> {
    const scope = scopeOfClient(report.clientId);
    const key = `scheduled:${dueAt.toISOString()}`;
    let created = true;
    const run = await this.runs.create(scope, { scheduledReportId: report._id, key, manual: false, dueAt, state: 'pending' }).catch(async (error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
      created = false;
      return (await this.runs.findOne(scope, { scheduledReportId: report._id, key }))!;
    });
    // Queued again when it was already there: a crash between storing and queueing loses nothing (the job is keyed by the run).
    if (run.state === 'pending') await this.enqueue(run, dueAt);
    return created;
  }

  /** "Run now": a manual run for the period before now, queued at once. */
  async runNow(auth: AuthContext, report: Stored<ScheduledReport>): Promise<ReportRunView> {
    const now = new Date();
    const run = await this.runs.create(auth, {
      scheduledReportId: report._id,
      key: `manual:${new Types.ObjectId().toHexString()}`,
      manual: true,
      dueAt: now,
      state: 'pending',
    });
    await this.enqueue(run, now);
    await this.activity.record(auth, {
      action: 'scheduled_report.run',
      resourceType: 'scheduled_report',
      resourceId: report._id,
      summary: `Scheduled report "${report.name}" run now`,
      details: { runId: run._id.toHexString() },
    });
    return toReportRunView(run);
  }

  list(auth: AuthContext, report: Stored<ScheduledReport>, query: ListReportRunsDto): Promise<Page<Stored<ReportRun>>> {
    return this.runs.list(auth, { scheduledReportId: report._id }, { limit: query.limit, cursor: query.cursor });
  }

  private async enqueue(run: Stored<ReportRun>, runAt: Date): Promise<void> {
    await this.jobs.enqueue<RunPayload>(RUN_JOB, { clientId: run.clientId.toHexString(), runId: run._id.toHexString() }, { key: run._id.toHexString(), runAt });
  }

  /** One attempt of one run; every write first checks that the run still holds the job (`lease`). */
  private async execute({ clientId, runId }: RunPayload, lease: LeaseCheck): Promise<Reschedule | void> {
    const scope = scopeOfClient(new Types.ObjectId(clientId));
    const finish = (run: Stored<ReportRun>, outcome: Outcome) => {
      lease.assertHeld();
      return this.finish(scope, run, outcome);
    };
    const run = await this.runs.findById(scope, runId);
    // Done already (a job run again after a crash, or queued twice): nothing more.
    if (!run || run.state === 'succeeded' || run.state === 'skipped' || (run.state === 'failed' && run.nextAttemptAt === null)) return;
    const report = await this.reports.findById(scope, run.scheduledReportId.toHexString());
    if (!report) return void (await finish(run, { state: 'skipped', error: 'the scheduled report was deleted' }));
    if (!run.manual && !report.enabled) return void (await finish(run, { state: 'skipped', error: 'the scheduled report is disabled' }));
    const attempts = run.attempts + 1;
    lease.assertHeld();
    await this.runs.updateRecord(scope, run, { $set: { state: 'running', startedAt: new Date(), attempts } });
    try {
      await finish(run, await this.attempt(scope, run, report, lease));
    } catch (error) {
      // Taken over: the run that holds the job now records the outcome.
      if (error instanceof LeaseLost) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const delay = retriable(error) ? RUN_RETRY_DELAYS_MS[attempts - 1] : undefined;
      const nextAttemptAt = delay === undefined ? null : new Date(Date.now() + delay);
      this.logger.warn(
        `scheduled report ${report._id.toHexString()} run ${runId} failed (attempt ${attempts}): ${reason}${nextAttemptAt ? `; again at ${nextAttemptAt.toISOString()}` : ''}`,
      );
      await finish(run, { state: 'failed', error: reason.slice(0, 500), nextAttemptAt });
      if (nextAttemptAt) return { rescheduleAt: nextAttemptAt };
    }
  }

  /** The report built as its owner for the run's period and mailed to each recipient: the attempt's outcome. */
  private async attempt(scope: TenantScope, run: Stored<ReportRun>, report: Stored<ScheduledReport>, lease: LeaseCheck): Promise<Outcome> {
    const auth = await this.audience.ownerOf(report, run._id);
    const source = this.sources.get(report.report);
    if (!source) throw new RunRefused(`${report.report} reports cannot be scheduled`);
    if (!auth.permissions.has(source.permission)) throw new RunRefused(`the owner no longer holds ${source.permission}`);
    const to = await this.audience.recipientsOf(report);
    if (to.length === 0) return { state: 'skipped', error: 'no recipient left (the users are disabled or gone)' };
    if (!this.mailer.configured) throw new RunRefused('mail is not configured (SMTP_URL)');
    const period = reportPeriod(report.schedule.frequency, run.dueAt, report.schedule.timeZone);
    // The file in each recipient's language (most runs have one), the owner's first: the run records that one.
    const languages = [...new Set(to.map(({ language }) => language))].sort((a, b) => Number(b === auth.language) - Number(a === auth.language));
    const files = new Map<Language, ReportDelivery>();
    for (const language of languages) {
      const file = await source.build({ ...auth, language }, report.params, period, report.format);
      if (file.body.length > MAX_REPORT_BYTES)
        throw new ReportTooLarge(`The file is ${file.body.length} bytes, over the ${MAX_REPORT_BYTES / 1024 / 1024} MB a report may have`);
      // Too large for a mail: stored behind a download link, which the mail carries instead.
      lease.assertHeld();
      files.set(language, { file, link: this.files.tooLargeToAttach(file) ? await this.files.store(scope, run._id, file) : null });
    }
    lease.assertHeld();
    await this.mail(run, report, period, to, files);
    const { file, link } = files.get(languages[0])!;
    return {
      state: 'succeeded',
      rows: file.rows,
      fileName: file.fileName,
      fileBytes: file.body.length,
      delivery: link ? 'link' : 'attachment',
      linkExpiresAt: link?.expiresAt ?? null,
      error: null,
    };
  }

  /** One mail per recipient, in their language: an outside address never sees who else receives the report. */
  private async mail(
    run: Stored<ReportRun>,
    report: Stored<ScheduledReport>,
    period: ReportPeriod,
    to: readonly Recipient[],
    files: ReadonlyMap<Language, ReportDelivery>,
  ): Promise<void> {
    await this.mailer.enqueueMany(
      to.map(({ email, language }) => {
        const { file, link } = files.get(language)!;
        const attachments = link ? [] : [{ filename: file.fileName, content: file.body, contentType: file.contentType }];
        return {
          key: `scheduled-report:${run._id.toHexString()}:${email}`,
          message: { to: email, ...reportMail({ name: report.name, report: report.report, period, file, link, lang: language }), attachments },
        };
      }),
    );
  }

  private async finish(scope: TenantScope, run: Stored<ReportRun>, outcome: Outcome): Promise<void> {
    await this.runs.updateRecord(scope, run, { $set: { nextAttemptAt: null, ...outcome, finishedAt: new Date() } });
  }
}

/** A failure that may pass (a portal down, a database hiccup) rather than one that will not (a 4xx of the report, a refusal). */
function retriable(error: unknown): boolean {
  if (error instanceof RunRefused || error instanceof ReportTooLarge) return false;
  if (error instanceof DomainException) return errorCodeRule(error.code).status >= 500;
  return true;
}
