import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AssetOwnedDataModule } from '@app/fleet';
import { DriversModule } from '../drivers';
import { EventsModule } from '../events';
import { FormsModule } from '../forms';
import { InspectionsModule } from '../inspections';
import { PlacesModule } from '../places';
import { PositionsModule } from '../positions';
import { UploadsModule } from '../uploads';
import { TaskArrivalSlot, TaskArrivalSlotSchema } from './arrival/task-arrival-slot.schema';
import { ArrivalDriver } from './arrival/arrival-driver';
import { LocationArrivalProcessor } from './arrival/location-arrival.processor';
import { LocationMovesWriter } from './arrival/location-moves-writer';
import { TASK_LOCATION_CHANGES, TaskLocationVersion, TaskLocationVersionSchema } from './arrival/location-task.schema';
import { LocationTasks } from './arrival/location-tasks';
import { TaskArrivalSlots } from './arrival/task-arrival-slots.service';
import { TaskArrivals } from './arrival/task-arrivals.service';
import { TaskImporter } from './import/task-importer.service';
import { TaskRowNames } from './import/task-row-names';
import { LateTasksSweep } from './late/late-tasks.sweep';
import { TaskDayList } from './list/task-day-list';
import { TaskWindowIndex } from './list/task-window-index';
import { TaskWindowVersion, TaskWindowVersionSchema } from './list/task-window-version.schema';
import { Task, TaskSchema } from './schemas/task.schema';
import { TaskEvents } from './task-events';
import { TaskReferences } from './task-references';
import { TaskTransitions } from './task-transitions.service';
import { TasksImportController } from './tasks-import.controller';
import { TasksController } from './tasks.controller';
import { TasksForRoutes } from './tasks-for-routes.service';
import { TasksService } from './tasks.service';

/** Tasks (`/api/tasks`, `access_tasks`): owned by their asset when they have one. */
const taskData = AssetOwnedDataModule.forFeature([{ name: Task.name, schema: TaskSchema }]);

@Module({
  imports: [
    taskData,
    MongooseModule.forFeature([
      { name: TaskArrivalSlot.name, schema: TaskArrivalSlotSchema },
      { name: TaskLocationVersion.name, schema: TaskLocationVersionSchema },
      TASK_LOCATION_CHANGES,
      { name: TaskWindowVersion.name, schema: TaskWindowVersionSchema },
    ]),
    PositionsModule,
    PlacesModule,
    DriversModule,
    FormsModule,
    EventsModule,
    InspectionsModule,
    UploadsModule,
  ],
  controllers: [TasksImportController, TasksController],
  providers: [
    TasksService,
    TaskReferences,
    TaskArrivalSlots,
    TaskTransitions,
    TaskEvents,
    TaskArrivals,
    ArrivalDriver,
    LocationTasks,
    LocationArrivalProcessor,
    LocationMovesWriter,
    LateTasksSweep,
    TaskImporter,
    TaskRowNames,
    TasksForRoutes,
    TaskWindowIndex,
    TaskDayList,
  ],
  exports: [taskData, TasksService, TaskArrivalSlots, TasksForRoutes],
})
export class TasksModule {}
