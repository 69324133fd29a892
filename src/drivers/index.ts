// The public surface of the drivers domain.
export { DriversModule } from './drivers.module';
export { DriverTelemetryModule } from './telemetry/driver-telemetry.module';
export { Driver } from './schemas/driver.schema';
// Who drove which asset when: other domains label their trips, events, alerts, visits and tasks with it.
export { DriverAssignments, driverNameOf, type DriverMoment } from './assignments/driver-assignments';
// The demo seed puts its drivers at the wheel as a request would.
export { DriverAssignmentsService } from './assignments/driver-assignments.service';
export { NO_DRIVER, spanAt, type DriverLabel, type DriverSpan } from './assignments/driver-spans';
export { DriverAssignment, type AssignmentSource } from './assignments/schemas/driver-assignment.schema';
