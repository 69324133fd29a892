// The public surface of this domain: its module, imported by the app module.
export { HealthModule } from './health.module';
