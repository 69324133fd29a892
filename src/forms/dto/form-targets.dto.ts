import { ArrayMaxSize, IsArray, IsBoolean } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { WhenSent } from '@app/http';

export const MAX_FORM_TARGETS = 1000;

/** Which assets a form applies to: these assets, the assets of these groups, or every asset. */
export class FormTargetsDto {
  /** Assets of the client (24 hex characters each), at most 1000. */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_FORM_TARGETS)
  @IsObjectIdString({ each: true })
  assetIds?: string[];

  /** Asset groups of the client, at most 1000. */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_FORM_TARGETS)
  @IsObjectIdString({ each: true })
  assetGroupIds?: string[];

  /** The form applies to every asset of the client. */
  @WhenSent()
  @IsBoolean()
  allAssets?: boolean;
}
