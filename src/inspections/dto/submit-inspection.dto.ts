import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateNestedObject, WhenSent, LatLngDto } from '@app/http';
import { FormAnswerDto, MAX_ANSWERS } from '../../forms';
import { OdometerKmValue } from '../../meters';

@StrictBody()
export class InspectionLocationDto extends LatLngDto {}

/** One inspection: the asset by its QR `code` or its `assetId` (exactly one), a form that applies to it, and the answers. */
@StrictBody()
export class SubmitInspectionDto {
  /** The scanned QR code (8 Crockford characters, any case, optional hyphen). */
  @WhenSent()
  @IsString()
  @MaxLength(20)
  code?: string;

  /** The asset, when no QR was scanned. */
  @WhenSent()
  @IsObjectIdString()
  assetId?: string;

  /** An active form that applies to the asset (as the scan lists them). */
  @IsObjectIdString()
  formId: string;

  /** At most one answer per field; checked against the form's fields. */
  @IsArray()
  @ArrayMaxSize(MAX_ANSWERS)
  @ValidateNested({ each: true })
  @Type(() => FormAnswerDto)
  answers: FormAnswerDto[];

  /** Odometer reading, 0..10 000 000 km; `null` as left out. */
  @WhenSent({ nullAsAbsent: true })
  @OdometerKmValue()
  odometerKm?: number;

  /** Where the inspection was made; `null` as left out (no position). */
  @WhenSent({ nullAsAbsent: true })
  @ValidateNestedObject(() => InspectionLocationDto)
  location?: InspectionLocationDto;
}
