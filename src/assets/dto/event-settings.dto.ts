import { IsInt, IsNumber, Max, Min } from 'class-validator';
import { StrictBody, ValidateNestedObject, WhenSent } from '@app/http';

/** A temperature range, °C: `min` below `max`. */
@StrictBody()
export class TemperatureRangeDto {
  /** @example 2 */
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'temperature.min must be a number of °C' })
  @Min(-100)
  @Max(100)
  min: number;

  /** @example 8 */
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'temperature.max must be a number of °C' })
  @Min(-100)
  @Max(100)
  max: number;
}

/** What the event detector watches on the asset; the fields sent replace the stored ones (docs/events.md). */
@StrictBody()
export class EventSettingsDto {
  /** km/h (1 to 300); `null`: no limit of the asset's own. */
  @WhenSent({ nullable: true })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'speedLimitKmh must be a number of km/h' })
  @Min(1)
  @Max(300)
  speedLimitKmh?: number | null;

  /** Minutes standing with the ignition on before `idling.start` (1 to 1 440; default 5). */
  @WhenSent()
  @IsInt()
  @Min(1)
  @Max(1440)
  idleMinutes?: number;

  /** Minutes without a message before `tracker.offline` (5 to 10 080; default 30). */
  @WhenSent()
  @IsInt()
  @Min(5)
  @Max(10_080)
  offlineMinutes?: number;

  /** The range of every temperature sensor; `null`: not watched. */
  @WhenSent({ nullable: true })
  @ValidateNestedObject(() => TemperatureRangeDto)
  temperature?: TemperatureRangeDto | null;
}
