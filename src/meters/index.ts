// The public surface of asset meters: reading them, recording a reading, hearing of a change.
export { MetersModule } from './meters.module';
export { MetersService, toMetersView, type NewReading } from './meters.service';
export { METERS_CHANGED, type MeterChange } from './meters-changed';
export { advance, type MeterFeed } from './meter-rules';
export type { AssetMeter } from './schemas/asset-meter.schema';
