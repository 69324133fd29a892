import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { DeletedView, PagedBody, PagedResponse } from '@app/http';
import { CreateRefuelDto, ListRefuelsDto } from '../dto/refuel.dto';
import { RefuelView } from './refuel.view';
import { RefuelsService } from './refuels.service';

@ApiTags('fuel')
@Controller('fuel/refuels')
export class RefuelsController {
  constructor(private readonly refuels: RefuelsService) {}

  /** Refuels of the caller's assets, newest first (by `occurredAt`): by asset and period. */
  @Get()
  @Authenticated({ permission: Permission.Fuel })
  @PagedResponse(RefuelView)
  @ApiBadRequestResponse({ description: 'Unknown parameter, bad value or cursor, from after to (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListRefuelsDto): Promise<PagedBody<RefuelView>> {
    const page = await this.refuels.list(auth, query);
    return new PagedBody(page.items, page.nextCursor);
  }

  /** Records a refuel; its anomalies are judged against the asset's fuel profile, tariff and tracker. */
  @Post()
  @Authenticated({ permission: Permission.Fuel })
  @HttpCode(201)
  @ApiCreatedResponse({ type: RefuelView, description: 'The refuel with its anomalies' })
  @ApiBadRequestResponse({ description: 'Invalid body, a date in the future, or an asset the caller does not have in service (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateRefuelDto): Promise<RefuelView> {
    return this.refuels.create(auth, body);
  }

  /** One refuel. */
  @Get(':id')
  @Authenticated({ permission: Permission.Fuel })
  @ApiOkResponse({ type: RefuelView })
  @ApiNotFoundResponse({ description: 'Unknown, another client\'s, or of an asset outside the caller\'s trackers (shape A)' })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<RefuelView> {
    return this.refuels.get(auth, id);
  }

  /** Deletes a refuel. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Fuel })
  @ApiOkResponse({ type: DeletedView })
  @ApiNotFoundResponse({ description: 'Unknown, another client\'s, or of an asset outside the caller\'s trackers (shape A)' })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.refuels.delete(auth, id);
  }
}
