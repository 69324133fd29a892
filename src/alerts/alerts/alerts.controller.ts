import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { FoundRecord, PagedBody, PagedList } from '@app/http';
import { AlertView, toAlertView } from './alert.view';
import { AlertsService } from './alerts.service';
import { AlertTransitionDto } from './dto/alert-transition.dto';
import { ListAlertsDto } from './dto/list-alerts.dto';

@ApiTags('alerts')
@Controller('alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  /** The client's alerts of the assets the caller may see, newest first; `state`, `severity`, `assetId`, `ruleId`, `eventType`, `geofenceId`, `placeId`, `from`, `to` filter. */
  @Get()
  @Authenticated({ permission: Permission.Alerts })
  @PagedList(AlertView)
  async list(@Auth() auth: AuthContext, @Query() query: ListAlertsDto): Promise<PagedBody<AlertView>> {
    const page = await this.alerts.list(auth, query);
    return new PagedBody(
      await this.alerts.labelled(
        auth,
        page.items.map((alert) => toAlertView(alert)),
      ),
      page.nextCursor,
    );
  }

  /** One alert. */
  @Get(':id')
  @Authenticated({ permission: Permission.Alerts })
  @FoundRecord(AlertView, "Unknown, another client's, or of an asset outside the caller's trackers (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<AlertView> {
    return this.alerts.get(auth, id);
  }

  /** Acknowledges an open alert (someone is on it), with an optional comment. */
  @Post(':id/acknowledge')
  @Authenticated({ permission: Permission.Alerts })
  @HttpCode(200)
  @ApiOkResponse({ type: AlertView })
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or of an asset outside the caller's trackers (shape A)" })
  @ApiConflictResponse({ description: 'The alert is not open (already acknowledged or resolved) (shape A)' })
  acknowledge(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: AlertTransitionDto): Promise<AlertView> {
    return this.alerts.transition(auth, id, 'acknowledge', body);
  }

  /** Resolves an open or acknowledged alert, with an optional comment. */
  @Post(':id/resolve')
  @Authenticated({ permission: Permission.Alerts })
  @HttpCode(200)
  @ApiOkResponse({ type: AlertView })
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or of an asset outside the caller's trackers (shape A)" })
  @ApiConflictResponse({ description: 'The alert is already resolved (shape A)' })
  resolve(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: AlertTransitionDto): Promise<AlertView> {
    return this.alerts.transition(auth, id, 'resolve', body);
  }
}
