export * from './activity-event.schema';
export * from './activity-recorder.module';
export * from './activity-recorder.service';
