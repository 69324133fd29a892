import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, ChecksWriteAccess, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, FoundRecord, PagedBody, PagedList } from '@app/http';
import { CreateTrackerDto, ListTrackersDto, UpdateTrackerDto } from '../dto/tracker.dto';
import { toTrackerView, TrackerView } from './tracker.view';
import { TrackersService } from './trackers.service';

@ApiTags('assets')
@Controller('trackers')
export class TrackersController {
  constructor(private readonly trackers: TrackersService) {}

  /** Registers a tracker (needs access to all the client's trackers, else 403). */
  @Post()
  @ChecksWriteAccess('trackers.register')
  @Authenticated({ permission: Permission.Assets })
  @CreatedRecord(TrackerView, 'The new tracker')
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiConflictResponse({ description: 'A tracker with this vendorId is already registered (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateTrackerDto): Promise<TrackerView> {
    return this.trackers.create(auth, body);
  }

  /** The client's trackers within the caller's scope, newest first. */
  @Get()
  @Authenticated({ permission: Permission.Assets })
  @PagedList(TrackerView)
  async list(@Auth() auth: AuthContext, @Query() query: ListTrackersDto): Promise<PagedBody<TrackerView>> {
    return PagedBody.of(await this.trackers.list(auth, query), toTrackerView);
  }

  /** One tracker. */
  @Get(':id')
  @Authenticated({ permission: Permission.Assets })
  @FoundRecord(TrackerView, "Unknown, another client's or outside the caller's trackers (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<TrackerView> {
    return this.trackers.get(auth, id);
  }

  /** Changes a tracker's model, name, phone or IMEI (`vendorId` cannot change). */
  @Patch(':id')
  @Authenticated({ permission: Permission.Assets })
  @ApiOkResponse({ type: TrackerView })
  @ApiBadRequestResponse({ description: 'Invalid body or nothing to change (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown, another client's or outside the caller's trackers (shape A)" })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateTrackerDto): Promise<TrackerView> {
    return this.trackers.update(auth, id, body);
  }

  /** Removes a tracker that is no asset's main tracker; its telemetry stays in the store. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Assets })
  @DeletedRecord("Unknown, another client's or outside the caller's trackers (shape A)")
  @ApiConflictResponse({ description: 'An asset in service has it as main tracker; the message names it (shape A)' })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.trackers.delete(auth, id);
  }
}
