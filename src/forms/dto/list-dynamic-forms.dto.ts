import { IsIn, IsOptional } from 'class-validator';
import { FORM_STATUSES, FormStatus } from '../form-field-types';

export class ListDynamicFormsQueryDto {
  /** active, inactive or archived; without it, archived forms are left out. */
  @IsOptional()
  @IsIn(FORM_STATUSES, { message: `status must be one of ${FORM_STATUSES.join(', ')}` })
  status?: FormStatus;
}
