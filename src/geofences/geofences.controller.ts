import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, FoundRecord, PagedBody, PagedList } from '@app/http';
import { CreateGeofenceDto } from './dto/create-geofence.dto';
import { ListGeofencesDto } from './dto/list-geofences.dto';
import { UpdateGeofenceDto } from './dto/update-geofence.dto';
import { GeofenceView, toGeofenceView } from './geofence.view';
import { GeofencesService } from './geofences.service';

@ApiTags('geofences')
@Controller('geofences')
export class GeofencesController {
  constructor(private readonly geofences: GeofencesService) {}

  /** Creates a geofence: a circle, a corridor, a polygon or a multipolygon. */
  @Post()
  @Authenticated({ permission: Permission.Geofences })
  @CreatedRecord(GeofenceView, 'The new geofence')
  @ApiBadRequestResponse({ description: 'Invalid body: a bad geometry names the problem and where (shape A)' })
  @ApiConflictResponse({ description: 'The client already has 10 000 geofences (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateGeofenceDto): Promise<GeofenceView> {
    return this.geofences.create(auth, body);
  }

  /** The client's geofences, newest first; `q`, `assetId` (those that apply to it) and `contains=lat,lng` filter. */
  @Get()
  @Authenticated({ permission: Permission.Geofences })
  @PagedList(GeofenceView)
  async list(@Auth() auth: AuthContext, @Query() query: ListGeofencesDto): Promise<PagedBody<GeofenceView>> {
    return PagedBody.of(await this.geofences.list(auth, query), toGeofenceView);
  }

  /** One geofence. */
  @Get(':id')
  @Authenticated({ permission: Permission.Geofences })
  @FoundRecord(GeofenceView, "Unknown or another client's geofence (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<GeofenceView> {
    return this.geofences.get(auth, id);
  }

  /** Changes a geofence; the geometry is checked with the radius or width it will have. */
  @Patch(':id')
  @Authenticated({ permission: Permission.Geofences })
  @ApiOkResponse({ type: GeofenceView })
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown or another client's geofence (shape A)" })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateGeofenceDto): Promise<GeofenceView> {
    return this.geofences.update(auth, id, body);
  }

  /** Deletes a geofence (its events stay). */
  @Delete(':id')
  @Authenticated({ permission: Permission.Geofences })
  @DeletedRecord("Unknown or another client's geofence (shape A)")
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.geofences.delete(auth, id);
  }
}
