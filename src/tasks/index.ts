// The public surface of tasks: the module, the record and the service (routes build on them).
export { TasksModule } from './tasks.module';
export { Task, TASK_STATES, type TaskState, type TaskPriority } from './schemas/task.schema';
export { TasksService } from './tasks.service';
export { TaskView, toTaskView } from './task.view';
// The demo seed writes its tasks as the service does: the record and its arrival slot.
export { newTask } from './task-record';
export { TaskArrivalSlots } from './arrival/task-arrival-slots.service';
// Routes: their tasks read, assigned to the route's vehicle and marked when the ETA passes the window.
export { TasksForRoutes, type StopTask } from './tasks-for-routes.service';
export { FINAL_STATES } from './task-record';
