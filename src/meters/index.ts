// The public surface of asset meters: reading them, recording a reading, hearing of a change.
export { MetersModule } from './meters.module';
export { MetersService } from './meters.service';
export { toMetersView } from './meters.view';
export { type NewReading } from './meter-reading-recorder';
export { METERS_CHANGED, type MeterChange } from './meters-changed';
export { advance, type MeterFeed } from './meter-rules';
export type { AssetMeter } from './schemas/asset-meter.schema';
export { EngineHoursValue, OdometerKmValue } from './dto/meter-fields';
export { MeterValuesDto } from './dto/meter-values.dto';
