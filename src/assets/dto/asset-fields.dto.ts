import { Matches } from 'class-validator';
import { StrictBody, ValidateText } from '@app/http';

/** Most asset groups an asset belongs to (a documented maximum, like every list of the API). */
export const MAX_ASSET_GROUPS = 50;

/** The icon of an asset on the web app's map and lists. */
@StrictBody()
export class AssetIconDto {
  /**
   * Icon name, e.g. `truck` (1 to 100 characters).
   * @example "truck"
   */
  @ValidateText({ max: 100 })
  id: string;

  /** CSS colour as `#rrggbb`. */
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'icon.color must be a colour as #rrggbb' })
  color: string;
}
