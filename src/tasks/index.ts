// The public surface of tasks: the module, the record and the service (routes build on them).
export { TasksModule } from './tasks.module';
export { Task, TASK_STATES, type TaskState, type TaskPriority } from './schemas/task.schema';
export { TasksService } from './tasks.service';
export { TaskView, toTaskView } from './task.view';
