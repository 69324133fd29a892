import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, DeletedView, PagedBody, PagedResponse } from '@app/http';
import { DriverAssignmentView } from './driver-assignment.view';
import { DriverAssignmentsService } from './driver-assignments.service';
import { CreateDriverAssignmentDto, ListDriverAssignmentsDto } from './dto/driver-assignment.dto';

const NO_ASSET = "No such asset for the caller: unknown, another client's, outside their trackers (shape A)";

@ApiTags('drivers')
@Controller()
export class DriverAssignmentsController {
  constructor(private readonly assignments: DriverAssignmentsService) {}

  /** Puts a driver at the wheel of the asset from `from` (now by default); an open assignment that began earlier is closed then. */
  @Post('assets/:id/driver-assignments')
  @Authenticated({ permission: Permission.Drivers })
  @CreatedRecord(DriverAssignmentView, 'The new assignment')
  @ApiBadRequestResponse({ description: 'Invalid body, `to` not after `from`, or an archived driver (shape A)' })
  @ApiNotFoundResponse({ description: `${NO_ASSET.replace(' (shape A)', ', or archived')}; or no such driver in the client (shape A)` })
  @ApiConflictResponse({ description: 'The span overlaps another manual assignment of the asset, named in the message (shape A)' })
  create(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateDriverAssignmentDto): Promise<DriverAssignmentView> {
    return this.assignments.create(auth, id, body);
  }

  /** The asset's driver assignments, manual and from telemetry, newest `from` first. */
  @Get('assets/:id/driver-assignments')
  @Authenticated({ permission: Permission.Drivers })
  @PagedResponse(DriverAssignmentView)
  @ApiBadRequestResponse({ description: 'Bad limit or cursor, or an unknown parameter (shape A)' })
  @ApiNotFoundResponse({ description: NO_ASSET })
  async listOfAsset(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListDriverAssignmentsDto): Promise<PagedBody<DriverAssignmentView>> {
    const page = await this.assignments.listOfAsset(auth, id, query);
    return new PagedBody(page.items, page.nextCursor);
  }

  /** Removes a manual assignment; the assignments around it stay as they are. */
  @Delete('assets/:id/driver-assignments/:assignmentId')
  @Authenticated({ permission: Permission.Drivers })
  @ApiOkResponse({ type: DeletedView, description: 'The id of the assignment removed' })
  @ApiNotFoundResponse({ description: 'No such assignment of this asset for the caller (shape A)' })
  @ApiConflictResponse({ description: 'A telemetry assignment: the tracker’s record, not deleted (shape A)' })
  delete(@Auth() auth: AuthContext, @Param('id') id: string, @Param('assignmentId') assignmentId: string): Promise<DeletedView> {
    return this.assignments.delete(auth, id, assignmentId);
  }

  /** The driver's assignments on the assets the caller may see, newest `from` first. */
  @Get('drivers/:id/assignments')
  @Authenticated({ permission: Permission.Drivers })
  @PagedResponse(DriverAssignmentView)
  @ApiBadRequestResponse({ description: 'Bad limit or cursor, or an unknown parameter (shape A)' })
  @ApiNotFoundResponse({ description: "No such driver in the caller's client (shape A)" })
  async listOfDriver(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListDriverAssignmentsDto): Promise<PagedBody<DriverAssignmentView>> {
    const page = await this.assignments.listOfDriver(auth, id, query);
    return new PagedBody(page.items, page.nextCursor);
  }
}
