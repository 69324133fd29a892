import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, DeletedView, PagedBody, PagedResponse } from '@app/http';
import { CreateTaskDto } from './dto/create-task.dto';
import { ListTasksDto } from './dto/list-tasks.dto';
import { UpdateTaskDto } from './dto/update-task.dto';
import { CompleteTaskDto, FailTaskDto } from './dto/task-transitions.dto';
import { TaskTransitions } from './task-transitions.service';
import { TaskView } from './task.view';
import { TasksService } from './tasks.service';

@ApiTags('tasks')
@Controller('tasks')
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly transitions: TaskTransitions,
  ) {}

  /** Creates a task at a place or a point: `assigned` with an asset, else `unassigned`. */
  @Post()
  @Authenticated({ permission: Permission.Tasks })
  @CreatedRecord(TaskView, 'The new task')
  @ApiBadRequestResponse({
    description: 'Invalid body: neither or both of placeId and location, a window that ends before it begins, an unknown field (shape A)',
  })
  @ApiNotFoundResponse({
    description: "The asset (unknown, another client's, archived or outside your trackers), place, driver or form named is not found (shape A)",
  })
  @ApiConflictResponse({ description: 'The externalId is another task’s (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateTaskDto): Promise<TaskView> {
    return this.tasks.create(auth, body);
  }

  /**
   * The tasks, by window start (earliest first); `from`/`to` keep those whose window overlaps the
   * period (the day's list), `state`, `assetId`, `driverId`, `placeId` and `late` filter.
   */
  @Get()
  @Authenticated({ permission: Permission.Tasks })
  @PagedResponse(TaskView, 'One page, by window start')
  @ApiBadRequestResponse({ description: 'Unknown parameter, bad value, from after to, or a foreign cursor (shape A)' })
  @ApiNotFoundResponse({ description: "The asset, place or driver filtered by is another client's, or the asset is outside your trackers (shape A)" })
  async list(@Auth() auth: AuthContext, @Query() query: ListTasksDto): Promise<PagedBody<TaskView>> {
    const page = await this.tasks.list(auth, query);
    return new PagedBody(page.items, page.nextCursor);
  }

  /** One task. */
  @Get(':id')
  @Authenticated({ permission: Permission.Tasks })
  @ApiOkResponse({ type: TaskView, description: 'The task' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or its asset outside your trackers (shape A)" })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<TaskView> {
    return this.tasks.get(auth, id);
  }

  /** Changes a task: the fields sent; `assetId` sets or (null) takes away the vehicle while it is unassigned or assigned. */
  @Patch(':id')
  @Authenticated({ permission: Permission.Tasks })
  @ApiOkResponse({ type: TaskView, description: 'The task as changed' })
  @ApiBadRequestResponse({ description: 'Invalid body, an unknown field, or nothing to change (shape A)' })
  @ApiNotFoundResponse({ description: 'The task, or an asset, place, driver or form named, is not found (shape A)' })
  @ApiConflictResponse({
    description: 'The task is done, failed or cancelled, its vehicle changes after the arrival, or the externalId is another task’s (shape A)',
  })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateTaskDto): Promise<TaskView> {
    return this.tasks.update(auth, id, body);
  }

  /**
   * Done, by hand: from `assigned` or `arrived`. With a `formId`, that form's submission (an
   * inspection) is required; uploads prove it too (photos, a signature).
   */
  @Post(':id/complete')
  @Authenticated({ permission: Permission.Tasks })
  @HttpCode(200)
  @ApiOkResponse({ type: TaskView, description: 'The task, done, with its proof' })
  @ApiBadRequestResponse({ description: 'Invalid body; the form’s submission missing, unknown or of another form; an unknown upload (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or its asset outside your trackers (shape A)" })
  @ApiConflictResponse({ description: 'Its state does not allow it (unassigned, done, failed or cancelled), named in the message (shape A)' })
  complete(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CompleteTaskDto): Promise<TaskView> {
    return this.transitions.complete(auth, id, body);
  }

  /** Not done, and why: from `assigned` or `arrived`. */
  @Post(':id/fail')
  @Authenticated({ permission: Permission.Tasks })
  @HttpCode(200)
  @ApiOkResponse({ type: TaskView, description: 'The task, failed' })
  @ApiBadRequestResponse({ description: 'Invalid body: the reason missing (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or its asset outside your trackers (shape A)" })
  @ApiConflictResponse({ description: 'Its state does not allow it (unassigned, done, failed or cancelled), named in the message (shape A)' })
  fail(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: FailTaskDto): Promise<TaskView> {
    return this.transitions.fail(auth, id, body);
  }

  /** Called off: from `unassigned`, `assigned` or `arrived`. */
  @Post(':id/cancel')
  @Authenticated({ permission: Permission.Tasks })
  @HttpCode(200)
  @ApiOkResponse({ type: TaskView, description: 'The task, cancelled' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or its asset outside your trackers (shape A)" })
  @ApiConflictResponse({ description: 'It is done, failed or cancelled already, named in the message (shape A)' })
  cancel(@Auth() auth: AuthContext, @Param('id') id: string): Promise<TaskView> {
    return this.transitions.cancel(auth, id);
  }

  /** Deletes a task. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Tasks })
  @ApiOkResponse({ type: DeletedView, description: 'The id of the task deleted' })
  @ApiNotFoundResponse({ description: "Unknown, another client's, or its asset outside your trackers (shape A)" })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.tasks.delete(auth, id);
  }
}
