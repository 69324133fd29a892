import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { PagedBody, PagedResponse } from '@app/http';
import { ActivityEventView, toActivityEventView } from './activity-event.view';
import { ActivityService } from './activity.service';
import { ExportActivityQueryDto, ListActivityQueryDto } from './dto/activity-filter.dto';

@ApiTags('activity log')
@Controller('activity-log')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  /** The client's events, newest first, narrowed by actor, action, entity and time. */
  @Get()
  @Authenticated({ permission: Permission.ActivityLog })
  @PagedResponse(ActivityEventView)
  @ApiBadRequestResponse({ description: 'An unknown parameter, a bad id or date, `from` after `to`, a cursor of another list (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListActivityQueryDto): Promise<PagedBody<ActivityEventView>> {
    return PagedBody.of(await this.activity.list(auth, query), toActivityEventView);
  }

  /** The filtered events as a file, newest first: CSV (default) or .xlsx, streamed; at most 100 000 events. */
  @Get('export')
  @Authenticated({ permission: Permission.ActivityLog })
  @ApiOkResponse({
    description: 'The events as an attachment (`activity-log_<day>.csv|xlsx`)',
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiBadRequestResponse({ description: 'A bad filter or format, or more than 100 000 events: narrow the filters (shape A)' })
  async export(@Auth() auth: AuthContext, @Query() query: ExportActivityQueryDto): Promise<StreamableFile> {
    const file = await this.activity.export(auth, query);
    // A failure midway cuts the connection: the honest signal for a download that broke (headers are sent).
    return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"` }).setErrorHandler(
      (_error, res) => void res.destroy?.(),
    );
  }

  /** The full detail of one activity event of the caller's client. */
  @Get(':id')
  @Authenticated({ permission: Permission.ActivityLog })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ActivityEventView> {
    return this.activity.get(auth, id);
  }
}
