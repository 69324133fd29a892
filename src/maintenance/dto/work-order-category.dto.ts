import { StrictBody, ValidateText } from '@app/http';

@StrictBody()
export class CreateWorkOrderCategoryDto {
  /** 1 to 100 characters (trimmed); not already a category in any case. */
  @ValidateText({ max: 100 })
  name: string;
}
