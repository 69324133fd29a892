import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { FoundRecord, PagedBody, PagedResponse } from '@app/http';
import {
  CreateServicePlanDto,
  CreateServiceRecordDto,
  ListServicePlansQueryDto,
  ListServiceStatusQueryDto,
  RemovedServicePlanView,
  ServicePlanView,
  ServiceRecordView,
  ServiceStatusView,
  UpdateServicePlanDto,
} from './dto/service-plan.dto';
import { toServicePlanView, toServiceRecordView } from './service-plans/service-plan.views';
import { ServicePlansService } from './service-plans/service-plans.service';
import { ServiceStatusList } from './service-plans/service-status-list';

@ApiTags('maintenance')
@Controller('maintenance')
export class ServicePlansController {
  constructor(
    private readonly plans: ServicePlansService,
    private readonly status: ServiceStatusList,
  ) {}

  /** Creates a service plan: every so many km, engine hours and/or days, whichever comes first. */
  @Post('service-plans')
  @Authenticated({ permission: Permission.Maintenance })
  @HttpCode(201)
  @ApiCreatedResponse({ type: ServicePlanView })
  @ApiBadRequestResponse({
    description: 'Invalid body: no interval, a due-soon threshold not below its interval, unknown assets, groups or category (shape A)',
  })
  @ApiConflictResponse({ description: 'The client has the most plans allowed (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateServicePlanDto): Promise<ServicePlanView> {
    return this.plans.create(auth, body);
  }

  /** The client's service plans, newest first; cursor pages. */
  @Get('service-plans')
  @Authenticated({ permission: Permission.Maintenance })
  @PagedResponse(ServicePlanView)
  @ApiBadRequestResponse({ description: 'Bad limit or cursor, or an unknown parameter (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListServicePlansQueryDto): Promise<PagedBody<ServicePlanView>> {
    return PagedBody.of(await this.plans.list(auth, query), toServicePlanView);
  }

  /** One service plan of the client. */
  @Get('service-plans/:id')
  @Authenticated({ permission: Permission.Maintenance })
  @FoundRecord(ServicePlanView, 'No such plan of the client (shape A)')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ServicePlanView> {
    return this.plans.get(auth, id);
  }

  /** Edits a plan; its statuses are recomputed from each cycle's start (an edit does not start a cycle). */
  @Patch('service-plans/:id')
  @Authenticated({ permission: Permission.Maintenance })
  @ApiOkResponse({ type: ServicePlanView })
  @ApiBadRequestResponse({ description: 'Invalid or empty body (shape A)' })
  @ApiNotFoundResponse({ description: 'No such plan of the client (shape A)' })
  @ApiConflictResponse({ description: 'Changed meanwhile (shape A)' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateServicePlanDto): Promise<ServicePlanView> {
    return this.plans.update(auth, id, body);
  }

  /** Removes a plan and its statuses; its service records and work orders stay. */
  @Delete('service-plans/:id')
  @Authenticated({ permission: Permission.Maintenance })
  @FoundRecord(RemovedServicePlanView, 'No such plan of the client (shape A)')
  remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<{ id: string }> {
    return this.plans.remove(auth, id);
  }

  /** Records a service done under the plan on one of its assets; it starts the next cycle. */
  @Post('service-plans/:id/services')
  @Authenticated({ permission: Permission.Maintenance })
  @HttpCode(201)
  @ApiCreatedResponse({ type: ServiceRecordView })
  @ApiBadRequestResponse({ description: 'Invalid body, an asset the plan does not apply to, a work order of another asset, doneAt in the future (shape A)' })
  @ApiNotFoundResponse({ description: 'No such plan of the client (shape A)' })
  addService(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateServiceRecordDto): Promise<ServiceRecordView> {
    return this.plans.addService(auth, id, body);
  }

  /** The plan's service records of assets within the caller's trackers, newest first; cursor pages. */
  @Get('service-plans/:id/services')
  @Authenticated({ permission: Permission.Maintenance })
  @PagedResponse(ServiceRecordView)
  @ApiBadRequestResponse({ description: 'Bad limit or cursor, or an unknown parameter (shape A)' })
  @ApiNotFoundResponse({ description: 'No such plan of the client (shape A)' })
  async services(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListServicePlansQueryDto): Promise<PagedBody<ServiceRecordView>> {
    return PagedBody.of(await this.plans.listServices(auth, id, query), toServiceRecordView);
  }

  /** Where each asset (within the caller's trackers) stands with each plan; filters `state`, `assetId`, `planId`; cursor pages. */
  @Get('service-status')
  @Authenticated({ permission: Permission.Maintenance })
  @PagedResponse(ServiceStatusView, 'One page, newest status documents first')
  @ApiBadRequestResponse({ description: 'Unknown filter, bad value or cursor (shape A)' })
  async serviceStatus(@Auth() auth: AuthContext, @Query() query: ListServiceStatusQueryDto): Promise<PagedBody<ServiceStatusView>> {
    const page = await this.status.list(auth, query);
    return new PagedBody(await this.status.views(auth, page.items), page.nextCursor);
  }
}
