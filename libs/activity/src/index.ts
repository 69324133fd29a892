export * from './activity-event.schema';
export * from './activity-recorder.module';
export * from './activity-recorder.service';
export * from './activity-event-cursor';
