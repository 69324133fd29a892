// The public surface of the drivers domain.
export { DriversModule } from './drivers.module';
export { Driver } from './schemas/driver.schema';
