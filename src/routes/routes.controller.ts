import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, DeletedView, PagedBody, PagedResponse } from '@app/http';
import { CreateRouteDto } from './dto/create-route.dto';
import { ListRoutesDto } from './dto/list-routes.dto';
import { UpdateRouteDto } from './dto/update-route.dto';
import { RouteDetailView, RouteView } from './route.view';
import { RoutesService } from './routes.service';

const STOP_CONFLICTS = 'A task is done, failed or cancelled, assigned to another vehicle, or a stop of another route; the message names it (shape A)';

@ApiTags('routes')
@Controller('routes')
export class RoutesController {
  constructor(private readonly routes: RoutesService) {}

  /** Creates a vehicle's route for a day: its unassigned tasks are assigned to the vehicle. */
  @Post()
  @Authenticated({ permission: Permission.Tasks })
  @CreatedRecord(RouteView, 'The new route')
  @ApiBadRequestResponse({ description: 'Invalid body: no stops or more than 100, a task twice, a bad date, an unknown field (shape A)' })
  @ApiNotFoundResponse({
    description: "The asset (unknown, another client's, archived or outside your trackers), driver or a task named is not found (shape A)",
  })
  @ApiConflictResponse({ description: STOP_CONFLICTS })
  create(@Auth() auth: AuthContext, @Body() body: CreateRouteDto): Promise<RouteView> {
    return this.routes.create(auth, body);
  }

  /** The routes, by date (newest first); `date`, `assetId` and `driverId` filter. */
  @Get()
  @Authenticated({ permission: Permission.Tasks })
  @PagedResponse(RouteView, 'One page, by date')
  @ApiBadRequestResponse({ description: 'Unknown parameter, bad value or a foreign cursor (shape A)' })
  @ApiNotFoundResponse({ description: "The asset or driver filtered by is another client's, or the asset is outside your trackers (shape A)" })
  async list(@Auth() auth: AuthContext, @Query() query: ListRoutesDto): Promise<PagedBody<RouteView>> {
    const page = await this.routes.list(auth, query);
    return new PagedBody(page.items, page.nextCursor);
  }

  /** One route with its stops: each task's state, arrival, departure and ETA. */
  @Get(':id')
  @Authenticated({ permission: Permission.Tasks })
  @ApiOkResponse({ type: RouteDetailView, description: 'The route and its stops' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or its asset outside your trackers (shape A)" })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<RouteDetailView> {
    return this.routes.get(auth, id);
  }

  /** Renames the route, moves its day or driver, or replaces its stops (a new order, tasks added or taken away). */
  @Patch(':id')
  @Authenticated({ permission: Permission.Tasks })
  @ApiOkResponse({ type: RouteView, description: 'The route as changed' })
  @ApiBadRequestResponse({ description: 'Invalid body, an unknown field (the asset does not change), or nothing to change (shape A)' })
  @ApiNotFoundResponse({ description: 'The route, the driver or a task named is not found (shape A)' })
  @ApiConflictResponse({ description: STOP_CONFLICTS })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateRouteDto): Promise<RouteView> {
    return this.routes.update(auth, id, body);
  }

  /** Deletes a route; its tasks stay, with their vehicle. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Tasks })
  @ApiOkResponse({ type: DeletedView, description: 'The id of the route deleted' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or its asset outside your trackers (shape A)" })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.routes.delete(auth, id);
  }
}
