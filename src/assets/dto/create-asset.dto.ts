import { ArrayMaxSize, IsArray } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import { AssetIconDto, MAX_ASSET_GROUPS } from './asset-fields.dto';

@StrictBody()
export class CreateAssetDto {
  /**
   * 1 to 200 characters.
   * @example "Camión 12"
   */
  @ValidateText({ max: 200 })
  name: string;

  /**
   * Licence plate, unique among the client's assets in service (`KJHT-42` and `kjht42` are one plate); up to 20 characters, may be empty; `null` as left out.
   * @example "KTRB45"
   */
  @WhenSent({ nullAsAbsent: true })
  @ValidateText({ min: 0, max: 20 })
  plate?: string;

  /**
   * What the asset is: truck, van, car, trailer, reefer, machinery… (1 to 50 characters).
   * @example "truck"
   */
  @ValidateText({ max: 50 })
  kind: string;

  /** The icon on the map and lists; when an asset is created, default `{id: 'truck', color: '#1e88e5'}`. */
  @WhenSent()
  @ValidateNestedObject(() => AssetIconDto)
  icon?: AssetIconDto;

  /** Asset groups of the client (at most 50). */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_ASSET_GROUPS)
  @IsObjectIdString({ each: true })
  groupIds?: string[];

  /**
   * A tracker of the client, within the caller's trackers, not the main tracker of another asset
   * in service. A user limited to some trackers must give one (the asset would be out of their sight).
   * `null` as left out: no tracker.
   */
  @WhenSent({ nullAsAbsent: true })
  @IsObjectIdString()
  mainTrackerId?: string;
}
