import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, FoundRecord, PagedBody, PagedResponse } from '@app/http';
import { WorkOrderCategoriesService } from './categories/work-order-categories.service';
import { RemovedWorkOrderCategoryView, WorkOrderCategoryView } from './categories/work-order-category.view';
import { AddWorkOrderFormDto } from './dto/add-work-order-form.dto';
import { CreateWorkOrderDto } from './dto/create-work-order.dto';
import { ListWorkOrdersQueryDto } from './dto/list-work-orders.dto';
import { TransitionWorkOrderDto } from './dto/transition-work-order.dto';
import { UpdateWorkOrderDto } from './dto/update-work-order.dto';
import { CreateWorkOrderCategoryDto } from './dto/work-order-category.dto';
import { WorkOrderLifecycleService } from './work-orders/work-order-lifecycle.service';
import { WorkOrderListService } from './work-orders/work-order-list.service';
import { toWorkOrderView, WorkOrderView } from './work-orders/work-order.view';
import { WorkOrdersService } from './work-orders/work-orders.service';

// Route order matters: the `categories` routes come before `:id`, so `categories` is never read as an id.
@ApiTags('maintenance')
@Controller('maintenance/work-orders')
export class MaintenanceController {
  constructor(
    private readonly workOrders: WorkOrdersService,
    private readonly list: WorkOrderListService,
    private readonly lifecycle: WorkOrderLifecycleService,
    private readonly categories: WorkOrderCategoriesService,
  ) {}

  /** Creates an open work order for an asset. */
  @Post()
  @Authenticated({ permission: Permission.Maintenance })
  @CreatedRecord(WorkOrderView, 'The new work order')
  @ApiBadRequestResponse({ description: 'Invalid body, unknown asset or category (shape A, field errors in the message)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateWorkOrderDto): Promise<WorkOrderView> {
    return this.workOrders.create(auth, body);
  }

  /** The client's work orders of assets within the caller's trackers, newest first, filtered; cursor pages. */
  @Get()
  @Authenticated({ permission: Permission.Maintenance })
  @PagedResponse(WorkOrderView)
  @ApiBadRequestResponse({ description: 'Unknown filter, bad value or cursor (shape A)' })
  async listOrders(@Auth() auth: AuthContext, @Query() query: ListWorkOrdersQueryDto): Promise<PagedBody<WorkOrderView>> {
    return PagedBody.of(await this.list.list(auth, query), (order) => toWorkOrderView(order));
  }

  /** The work order categories: the defaults, then the client's own. */
  @Get('categories')
  @Authenticated({ permission: Permission.Maintenance })
  @ApiOkResponse({ type: String, isArray: true })
  listCategories(@Auth() auth: AuthContext): Promise<string[]> {
    return this.categories.list(auth);
  }

  /** Adds a category of the client. */
  @Post('categories')
  @Authenticated({ permission: Permission.Maintenance })
  @HttpCode(201)
  @ApiCreatedResponse({ type: WorkOrderCategoryView })
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiConflictResponse({ description: 'Already a category, in any case (shape A)' })
  addCategory(@Auth() auth: AuthContext, @Body() body: CreateWorkOrderCategoryDto): Promise<WorkOrderCategoryView> {
    return this.categories.add(auth, body.name);
  }

  /** Removes a category the client added, unless an open or in-progress order uses it. */
  @Delete('categories/:name')
  @Authenticated({ permission: Permission.Maintenance })
  @FoundRecord(RemovedWorkOrderCategoryView, 'Not a category of the client (shape A)')
  @ApiConflictResponse({ description: 'A default category, or one used by open work orders (shape A)' })
  removeCategory(@Auth() auth: AuthContext, @Param('name') name: string): Promise<RemovedWorkOrderCategoryView> {
    return this.categories.remove(auth, name);
  }

  /** One work order, with its forms (and the fields of the version each was answered against), history and origin. */
  @Get(':id')
  @Authenticated({ permission: Permission.Maintenance })
  @FoundRecord(WorkOrderView, "Unknown work order, another client's, or of an asset outside your trackers (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WorkOrderView> {
    return this.workOrders.getDetail(auth, id);
  }

  /** Edits title, description, priority, due date or assignee. */
  @Patch(':id')
  @Authenticated({ permission: Permission.Maintenance })
  @ApiOkResponse({ type: WorkOrderView })
  @ApiBadRequestResponse({ description: 'Invalid or empty body, or an assignee who is not a user of the client (shape A)' })
  @ApiNotFoundResponse({ description: 'Unknown work order (shape A)' })
  @ApiConflictResponse({ description: 'Changed meanwhile (shape A)' })
  async update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateWorkOrderDto): Promise<WorkOrderView> {
    return this.lifecycle.update(auth, await this.workOrders.findVisible(auth, id), body);
  }

  /** Moves the order: open → in_progress → done, open|in_progress → cancelled, done → open (with a note). */
  @Post(':id/transitions')
  @Authenticated({ permission: Permission.Maintenance })
  @CreatedRecord(WorkOrderView, 'The work order in its new status, the move added to its history')
  @ApiBadRequestResponse({ description: 'Invalid body, or a reopening without a note (shape A)' })
  @ApiNotFoundResponse({ description: 'Unknown work order (shape A)' })
  @ApiConflictResponse({ description: 'The move is not allowed from the current status, or the order changed meanwhile (shape A)' })
  async transition(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: TransitionWorkOrderDto): Promise<WorkOrderView> {
    return this.lifecycle.transition(auth, await this.workOrders.findVisible(auth, id), body);
  }

  /** Adds a filled-in active form to a work order; answers are checked against the form's fields. */
  @Post(':id/forms')
  @Authenticated({ permission: Permission.Maintenance })
  @CreatedRecord(WorkOrderView, 'The work order with the new form entry')
  @ApiBadRequestResponse({ description: 'Invalid body, inactive or unknown form, or answers that break a field rule (shape A)' })
  @ApiNotFoundResponse({ description: 'Unknown work order (shape A)' })
  addForm(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: AddWorkOrderFormDto): Promise<WorkOrderView> {
    return this.workOrders.addForm(auth, id, body);
  }
}
