import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateIf, ValidateNested } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateText } from '@app/http';
import { AssetIconDto, MAX_ASSET_GROUPS } from './asset-fields.dto';

const present = (_: object, value: unknown) => value !== undefined;

/** The fields to change; at least one. Anything else (`archivedAt`, ids, dates) is refused. */
@StrictBody()
export class UpdateAssetDto {
  /** @example "Camión 12" */
  @ValidateIf(present)
  @ValidateText({ max: 200 })
  name?: string;

  /**
   * Unique among the client's assets in service; empty: no plate.
   * @example "KTRB45"
   */
  @ValidateIf(present)
  @ValidateText({ min: 0, max: 20 })
  plate?: string;

  /** @example "truck" */
  @ValidateIf(present)
  @ValidateText({ max: 50 })
  kind?: string;

  @ValidateIf(present)
  @ValidateNested()
  @Type(() => AssetIconDto)
  icon?: AssetIconDto;

  /** Replaces the asset's groups. */
  @ValidateIf(present)
  @IsArray()
  @ArrayMaxSize(MAX_ASSET_GROUPS)
  @IsObjectIdString({ each: true })
  groupIds?: string[];

  /** Assigns the main tracker (one asset per tracker: 409), or `null` to remove it. */
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsObjectIdString()
  mainTrackerId?: string | null;
}
