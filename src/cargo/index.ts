// The public surface of the cargo domain.
export { CargoModule } from './cargo.module';
export { CargoLocation } from './schemas/cargo-location.schema';
