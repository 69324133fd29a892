import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AssetOwnedDataModule } from '@app/fleet';
import { DriversModule } from '../drivers';
import { FormsModule } from '../forms';
import { PlacesModule } from '../places';
import { TaskArrivalSlot, TaskArrivalSlotSchema } from './arrival/task-arrival-slot.schema';
import { TaskArrivalSlots } from './arrival/task-arrival-slots.service';
import { Task, TaskSchema } from './schemas/task.schema';
import { TaskReferences } from './task-references';
import { TasksController } from './tasks.controller';
import { TasksService } from './tasks.service';

/** Tasks (`/api/tasks`, `access_tasks`): owned by their asset when they have one. */
const taskData = AssetOwnedDataModule.forFeature([{ name: Task.name, schema: TaskSchema }]);

@Module({
  imports: [taskData, MongooseModule.forFeature([{ name: TaskArrivalSlot.name, schema: TaskArrivalSlotSchema }]), PlacesModule, DriversModule, FormsModule],
  controllers: [TasksController],
  providers: [TasksService, TaskReferences, TaskArrivalSlots],
  exports: [taskData, TasksService],
})
export class TasksModule {}
