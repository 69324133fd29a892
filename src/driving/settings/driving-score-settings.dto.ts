import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, Max, Min } from 'class-validator';
import { StrictBody, ValidateNestedObject, WhenSent } from '@app/http';
import { MAX_WEIGHT } from '../driving-score';

const weight = () =>
  applyDecorators(WhenSent(), IsNumber({ allowNaN: false, allowInfinity: false }, { message: '$property must be a finite number' }), Min(0), Max(MAX_WEIGHT));

/** The weights to change (0 to 1 000 each); the others keep their value. */
@StrictBody()
export class DrivingWeightsPatchDto {
  /** Points per harsh acceleration per 100 km. @example 2 */
  @weight()
  acceleration?: number;

  /** Points per harsh braking per 100 km. @example 2 */
  @weight()
  braking?: number;

  /** Points per harsh cornering per 100 km. @example 2 */
  @weight()
  cornering?: number;

  /** Points per 1 % of driving time more than 10 km/h over the limit. @example 1 */
  @weight()
  speeding10?: number;

  /** Points per 1 % of driving time more than 20 km/h over the limit (on top of speeding10). @example 2 */
  @weight()
  speeding20?: number;

  /** Points per 1 % of driving time more than 30 km/h over the limit (on top of speeding10 and speeding20). @example 4 */
  @weight()
  speeding30?: number;

  /** Points per 1 % of engine-on time spent idling. @example 0.2 */
  @weight()
  idling?: number;
}

/** `PATCH /api/driving-score-settings`: some of the weights. */
@StrictBody()
export class UpdateDrivingScoreSettingsDto {
  @ValidateNestedObject(() => DrivingWeightsPatchDto)
  weights: DrivingWeightsPatchDto;
}

export class DrivingWeightsView {
  @ApiProperty({ example: 2 }) acceleration: number;
  @ApiProperty({ example: 2 }) braking: number;
  @ApiProperty({ example: 2 }) cornering: number;
  @ApiProperty({ example: 1 }) speeding10: number;
  @ApiProperty({ example: 2 }) speeding20: number;
  @ApiProperty({ example: 4 }) speeding30: number;
  @ApiProperty({ example: 0.2 }) idling: number;
}

/** The client's weights (the defaults where none was set). */
export class DrivingScoreSettingsView {
  weights: DrivingWeightsView;
}
