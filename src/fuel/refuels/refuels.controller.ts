import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { DeletedView, PagedBody, PagedResponse } from '@app/http';
import { CreateRefuelDto, ListRefuelsDto } from './refuel.dto';
import { RefuelView, toRefuelView } from './refuel.view';
import { RefuelsService } from './refuels.service';

const NOT_FOUND = 'Unknown refuel, another client\'s, or of an asset outside your trackers (shape A)';

@ApiTags('fuel')
@Controller('fuel/refuels')
export class RefuelsController {
  constructor(private readonly refuels: RefuelsService) {}

  /** Records a refuel, answered with its anomalies: more than the tank holds, paid over 500 m from where the vehicle's tracker was, a price over 15 % from the tariff's. */
  @Post()
  @Authenticated({ permission: Permission.Fuel })
  @HttpCode(201)
  @ApiCreatedResponse({ type: RefuelView, description: 'The refuel with its anomalies' })
  @ApiBadRequestResponse({ description: 'Invalid body, an asset not among yours, a future time, a total that is not litres × price (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateRefuelDto): Promise<RefuelView> {
    return this.refuels.create(auth, body);
  }

  /** The client's refuels of the assets the caller may see, newest first; `assetId`, `from`, `to`, `anomaly` filter. */
  @Get()
  @Authenticated({ permission: Permission.Fuel })
  @PagedResponse(RefuelView)
  @ApiBadRequestResponse({ description: 'Unknown parameter or bad value (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListRefuelsDto): Promise<PagedBody<RefuelView>> {
    return PagedBody.of(await this.refuels.list(auth, query), toRefuelView);
  }

  /** One refuel. */
  @Get(':id')
  @Authenticated({ permission: Permission.Fuel })
  @ApiOkResponse({ type: RefuelView })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<RefuelView> {
    return this.refuels.get(auth, id);
  }

  /** Deletes a refuel (a line typed twice, a statement imported twice). */
  @Delete(':id')
  @Authenticated({ permission: Permission.Fuel })
  @ApiOkResponse({ type: DeletedView })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.refuels.delete(auth, id);
  }
}
