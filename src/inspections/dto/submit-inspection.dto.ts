import { IsString, MaxLength } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateNestedObject, WhenSent, LatLngDto } from '@app/http';
import { FormSubmissionDto } from '../../forms';
import { OdometerKmValue } from '../../meters';

@StrictBody()
export class InspectionLocationDto extends LatLngDto {}

/**
 * One inspection: the asset by its QR `code` or its `assetId` (exactly one), an active form that
 * applies to it (as the scan lists them), and the answers.
 */
@StrictBody()
export class SubmitInspectionDto extends FormSubmissionDto {
  /** The scanned QR code (8 Crockford characters, any case, optional hyphen). */
  @WhenSent()
  @IsString()
  @MaxLength(20)
  code?: string;

  /** The asset, when no QR was scanned. */
  @WhenSent()
  @IsObjectIdString()
  assetId?: string;

  /** Odometer reading, 0..10 000 000 km; `null` as left out. */
  @WhenSent({ nullAsAbsent: true })
  @OdometerKmValue()
  odometerKm?: number;

  /** Where the inspection was made; `null` as left out (no position). */
  @WhenSent({ nullAsAbsent: true })
  @ValidateNestedObject(() => InspectionLocationDto)
  location?: InspectionLocationDto;
}
