import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, DeletedView, PagedBody, PagedResponse } from '@app/http';
import { CreatePlaceDto } from './dto/create-place.dto';
import { ListPlacesDto } from './dto/list-places.dto';
import { UpdatePlaceDto } from './dto/update-place.dto';
import { PlaceView } from './place.view';
import { PlacesService } from './places.service';

@ApiTags('places')
@Controller('places')
export class PlacesController {
  constructor(private readonly places: PlacesService) {}

  /** Creates a place: a circle of `radiusM` around its pin, or a drawn `area`. */
  @Post()
  @Authenticated({ permission: Permission.Places })
  @CreatedRecord(PlaceView, 'The new place')
  @ApiBadRequestResponse({ description: 'Invalid body: a bad geometry names the problem and where (shape A)' })
  @ApiConflictResponse({ description: 'The externalId is another place’s, or the client already has 100 000 places (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreatePlaceDto): Promise<PlaceView> {
    return this.places.create(auth, body);
  }

  /**
   * The client's places, newest first; `q`, `tag` and `externalId` filter; `near=lat,lng` (with
   * `radiusM`, default 1 000 m) keeps those whose pin is that close, nearest first, each with its `distanceM`.
   */
  @Get()
  @Authenticated({ permission: Permission.Places })
  @PagedResponse(PlaceView, 'One page, newest first; with near=, nearest first')
  @ApiBadRequestResponse({ description: 'Unknown parameter, bad value, or a cursor of another order (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListPlacesDto): Promise<PagedBody<PlaceView>> {
    const page = await this.places.list(auth, query);
    return new PagedBody(page.items, page.nextCursor);
  }

  /** One place. */
  @Get(':id')
  @Authenticated({ permission: Permission.Places })
  @ApiOkResponse({ type: PlaceView, description: 'The place' })
  @ApiNotFoundResponse({ description: "Unknown or another client's place (shape A)" })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<PlaceView> {
    return this.places.get(auth, id);
  }

  /** Changes a place: the fields sent; `null` clears `area` (the circle decides again), `externalId`, `address`, `notes`. */
  @Patch(':id')
  @Authenticated({ permission: Permission.Places })
  @ApiOkResponse({ type: PlaceView, description: 'The place as changed' })
  @ApiBadRequestResponse({ description: 'Invalid body, an unknown field, or nothing to change (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown or another client's place (shape A)" })
  @ApiConflictResponse({ description: 'The externalId is another place’s (shape A)' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdatePlaceDto): Promise<PlaceView> {
    return this.places.update(auth, id, body);
  }

  /** Deletes a place. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Places })
  @ApiOkResponse({ type: DeletedView, description: 'The id of the place deleted' })
  @ApiNotFoundResponse({ description: "Unknown or another client's place (shape A)" })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.places.delete(auth, id);
  }
}
