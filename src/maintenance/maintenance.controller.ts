import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { WorkOrderCategoriesService } from './categories/work-order-categories.service';
import { AddWorkOrderFormDto } from './dto/add-work-order-form.dto';
import { CreateWorkOrderDto } from './dto/create-work-order.dto';
import { WorkOrderView } from './work-orders/work-order.view';
import { WorkOrdersService } from './work-orders/work-orders.service';

@ApiTags('maintenance')
@Controller('maintenance/work-orders')
export class MaintenanceController {
  constructor(
    private readonly workOrders: WorkOrdersService,
    private readonly categories: WorkOrderCategoriesService,
  ) {}

  /** Creates an open work order for an asset. */
  @Post()
  @Authenticated({ permission: Permission.Maintenance })
  @HttpCode(201)
  @ApiCreatedResponse({ type: WorkOrderView, description: 'The new work order' })
  @ApiBadRequestResponse({ description: 'Invalid body, unknown asset or category (shape A, field errors in the message)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateWorkOrderDto): Promise<WorkOrderView> {
    return this.workOrders.create(auth, body);
  }

  /** The work order categories: the defaults, then the client's own. */
  @Get('categories')
  @Authenticated({ permission: Permission.Maintenance })
  @ApiOkResponse({ type: String, isArray: true })
  listCategories(@Auth() auth: AuthContext): Promise<string[]> {
    return this.categories.list(auth);
  }

  /** Adds a filled-in active form to a work order; answers are checked against the form's fields. */
  @Post(':id/forms')
  @Authenticated({ permission: Permission.Maintenance })
  @HttpCode(201)
  @ApiCreatedResponse({ type: WorkOrderView, description: 'The work order with the new form entry' })
  @ApiBadRequestResponse({ description: 'Invalid body, inactive or unknown form, or answers that break a field rule (shape A)' })
  @ApiNotFoundResponse({ description: 'Unknown work order (shape A)' })
  addForm(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: AddWorkOrderFormDto): Promise<WorkOrderView> {
    return this.workOrders.addForm(auth, id, body);
  }
}
