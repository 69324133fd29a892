import { ApiProperty } from '@nestjs/swagger';

export class HarshRatesView {
  /** Harsh accelerations per 100 km driven. @example 0.8 */
  acceleration: number;
  /** Harsh brakings per 100 km driven. @example 1.2 */
  braking: number;
  /** Harsh cornerings per 100 km driven. @example 0.4 */
  cornering: number;
}

export class SpeedingShareView {
  /** Share (0..1) of driving time more than 10 km/h over the limit in force. @example 0.031 */
  over10: number;
  /** Share of driving time more than 20 km/h over it. @example 0.006 */
  over20: number;
  /** Share of driving time more than 30 km/h over it. @example 0 */
  over30: number;
}

/** An asset's or a driver's score over the period, with every figure behind it (docs/driving.md). */
export class DrivingScoreView {
  /** The asset's or the driver's id. @example "665f1c2b9d3e4a0012ab34cd" */
  id: string;
  /** @example "Camión 12" */
  name: string;
  /** 0..100, one decimal. @example 91.4 */
  score: number;
  /** Km driven (plausible fixes). @example 412.37 */
  distanceKm: number;
  /** Seconds moving (at 3 km/h or more). @example 30240 */
  drivingSeconds: number;
  per100Km: HarshRatesView;
  speedingShare: SpeedingShareView;
  /** Idling time over driving plus idling time (0..1). @example 0.082 */
  idlingShare: number;
  /** The harsh events behind the rates, oldest first (at most 100). */
  @ApiProperty({ type: [String], example: ['6660a1b29d3e4a0012ab34ce'] })
  eventIds: string[];
}
