import { ArrayMaxSize, ArrayUnique, IsArray, IsOptional } from 'class-validator';
import { IsObjectIdString, IsOptionalObjectId } from '@app/formats';
import { MultilineText, StrictBody, ValidateText } from '@app/http';

/** At most this many uploads prove a task. */
export const MAX_PROOF_UPLOADS = 20;

/** Done: with the form's submission when the task has a `formId`, uploads (photos, a signature), a note. */
@StrictBody()
export class CompleteTaskDto {
  /** The inspection that filled the task's form (required when the task has a `formId`). */
  @IsOptionalObjectId()
  submissionId?: string;

  /** Uploads of the client (`POST /api/uploads`), up to 20. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_PROOF_UPLOADS)
  @ArrayUnique({ message: 'uploadIds must not repeat an upload' })
  @IsObjectIdString({ each: true })
  uploadIds?: string[];

  /** @example "Recibió: Juan Pérez, bodega." */
  @ValidateText({ min: 0, max: 2000, optional: true })
  @MultilineText()
  note?: string;
}

/** Not done, and why. */
@StrictBody()
export class FailTaskDto {
  /** @example "Cliente cerrado" */
  @ValidateText({ max: 500 })
  @MultilineText()
  reason: string;
}
