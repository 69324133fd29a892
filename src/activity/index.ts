// The public surface of this domain: its module, imported by the app module.
export { ActivityModule } from './activity.module';
// The log's export, for scheduled reports.
export { ActivityService } from './activity.service';
