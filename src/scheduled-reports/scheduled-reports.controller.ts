import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, ChecksWriteAccess, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, FoundRecord, PagedBody, PagedList } from '@app/http';
import { CreateScheduledReportDto, ListReportRunsDto, ListScheduledReportsDto, UpdateScheduledReportDto } from './dto/scheduled-report.dto';
import { ReportRuns } from './runs/report-runs.service';
import { ReportRunView, ScheduledReportView, toReportRunView, toScheduledReportView } from './scheduled-report.views';
import { ScheduledReportsService } from './scheduled-reports.service';

const NOT_FOUND = "Unknown or another client's scheduled report (shape A)";

@ApiTags('reports')
@Controller('scheduled-reports')
export class ScheduledReportsController {
  constructor(
    private readonly reports: ScheduledReportsService,
    private readonly runs: ReportRuns,
  ) {}

  /** Schedules a report: which, with what parameters and format, when (in the client's time zone by default), to whom. */
  @Post()
  @Authenticated({ permission: Permission.Reports })
  @CreatedRecord(ScheduledReportView, 'The new schedule, with its next run')
  @ApiBadRequestResponse({
    description:
      "Invalid body: a report that cannot be scheduled, a format it does not come in, bad params, a schedule whose day fields do not match its frequency, no recipient, a user not the client's (shape A)",
  })
  @ApiForbiddenResponse({
    description: "Without access_reports, or without the report's own permission (access_activity_log, access_invoices, …): it runs as its creator (shape A)",
  })
  @ApiConflictResponse({ description: 'The client already has 100 scheduled reports (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateScheduledReportDto): Promise<ScheduledReportView> {
    return this.reports.create(auth, body);
  }

  /** The client's scheduled reports, newest first. */
  @Get()
  @Authenticated({ permission: Permission.Reports })
  @PagedList(ScheduledReportView)
  async list(@Auth() auth: AuthContext, @Query() query: ListScheduledReportsDto): Promise<PagedBody<ScheduledReportView>> {
    return PagedBody.of(await this.reports.list(auth, query), toScheduledReportView);
  }

  /** One scheduled report. */
  @Get(':id')
  @Authenticated({ permission: Permission.Reports })
  @FoundRecord(ScheduledReportView, NOT_FOUND)
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ScheduledReportView> {
    return this.reports.get(auth, id);
  }

  /** Changes a scheduled report; a new schedule (or enabling it again) computes the next run from now. */
  @Patch(':id')
  @ChecksWriteAccess('scheduled_reports.change_others')
  @Authenticated({ permission: Permission.Reports })
  @ApiOkResponse({ type: ScheduledReportView })
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiForbiddenResponse({ description: "Without the report's own permission, or another user's schedule while seeing only some trackers (shape A)" })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateScheduledReportDto): Promise<ScheduledReportView> {
    return this.reports.update(auth, id, body);
  }

  /** Deletes a scheduled report and its run history; a run under way is skipped. */
  @Delete(':id')
  @ChecksWriteAccess('scheduled_reports.change_others')
  @Authenticated({ permission: Permission.Reports })
  @DeletedRecord(NOT_FOUND)
  @ApiForbiddenResponse({ description: "Without access_reports, or another user's schedule while seeing only some trackers (shape A)" })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.reports.delete(auth, id);
  }

  /** Runs the report now for the period before now (yesterday, last week, last month), also while disabled; answers the queued run. */
  @Post(':id/run')
  @Authenticated({ permission: Permission.Reports })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ReportRunView, description: 'The run, pending: its outcome shows in the runs' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async run(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ReportRunView> {
    return this.runs.runNow(auth, await this.reports.find(auth, id));
  }

  /** The schedule's runs, newest first: when due, state, rows, the file's name, why one failed, the next attempt. */
  @Get(':id/runs')
  @Authenticated({ permission: Permission.Reports })
  @PagedList(ReportRunView)
  @ApiNotFoundResponse({ description: NOT_FOUND })
  async listRuns(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListReportRunsDto): Promise<PagedBody<ReportRunView>> {
    return PagedBody.of(await this.runs.list(auth, await this.reports.find(auth, id), query), toReportRunView);
  }
}
