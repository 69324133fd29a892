import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, ChecksWriteAccess, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, FoundRecord, PagedBody, PagedList } from '@app/http';
import { AlertRuleView, toAlertRuleView } from './alert-rule.view';
import { AlertRulesService } from './alert-rules.service';
import { CreateAlertRuleDto } from './dto/create-alert-rule.dto';
import { ListAlertRulesDto } from './dto/list-alert-rules.dto';
import { UpdateAlertRuleDto } from './dto/update-alert-rule.dto';

const FORBIDDEN =
  'Without access_alerts, or as a user who sees only some trackers a rule with outside addresses (recipients.emails) that covers more than assets they see, named one by one (shape A)';

@ApiTags('alerts')
@Controller('alert-rules')
export class AlertRulesController {
  constructor(private readonly rules: AlertRulesService) {}

  /** Creates an alert rule: which events, of which assets and geofences, when, and who is told. */
  @Post()
  @ChecksWriteAccess('alert_rules.outside_addresses')
  @Authenticated({ permission: Permission.Alerts })
  @CreatedRecord(AlertRuleView, 'The new rule')
  @ApiBadRequestResponse({ description: "Invalid body: an unknown event type, an id that is not the client's, a bad schedule (shape A)" })
  @ApiConflictResponse({ description: 'The client already has 500 rules (shape A)' })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  create(@Auth() auth: AuthContext, @Body() body: CreateAlertRuleDto): Promise<AlertRuleView> {
    return this.rules.create(auth, body);
  }

  /** The client's alert rules, newest first; `q` (name) and `enabled` filter. */
  @Get()
  @Authenticated({ permission: Permission.Alerts })
  @PagedList(AlertRuleView)
  async list(@Auth() auth: AuthContext, @Query() query: ListAlertRulesDto): Promise<PagedBody<AlertRuleView>> {
    return PagedBody.of(await this.rules.list(auth, query), toAlertRuleView);
  }

  /** One alert rule. */
  @Get(':id')
  @Authenticated({ permission: Permission.Alerts })
  @FoundRecord(AlertRuleView, "Unknown or another client's rule (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<AlertRuleView> {
    return this.rules.get(auth, id);
  }

  /** Changes an alert rule; what it opened stays as it is. */
  @Patch(':id')
  @ChecksWriteAccess('alert_rules.outside_addresses')
  @Authenticated({ permission: Permission.Alerts })
  @ApiOkResponse({ type: AlertRuleView })
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown or another client's rule (shape A)" })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateAlertRuleDto): Promise<AlertRuleView> {
    return this.rules.update(auth, id, body);
  }

  /** Deletes an alert rule (its alerts stay). */
  @Delete(':id')
  @Authenticated({ permission: Permission.Alerts })
  @DeletedRecord("Unknown or another client's rule (shape A)")
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.rules.delete(auth, id);
  }
}
