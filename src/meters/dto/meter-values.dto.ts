import { WhenSent } from '@app/http';
import { EngineHoursValue, OdometerKmValue } from './meter-fields';

/**
 * An asset's meters as a body gives them, each optional: the base of every DTO that records
 * them (a reading by hand, a service done), which says what leaving one out means.
 */
export class MeterValuesDto {
  /** The odometer, km (0 to 10 000 000). */
  @WhenSent()
  @OdometerKmValue()
  odometerKm?: number;

  /** Engine hours (0 to 1 000 000). */
  @WhenSent()
  @EngineHoursValue()
  engineHours?: number;
}
