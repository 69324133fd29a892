import { ArrayMaxSize, IsArray } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import { AssetIconDto, MAX_ASSET_GROUPS } from './asset-fields.dto';
import { EventSettingsDto } from './event-settings.dto';
import { FuelProfileDto } from './fuel-profile.dto';

/** The fields to change; at least one. Anything else (`archivedAt`, ids, dates) is refused. */
@StrictBody()
export class UpdateAssetDto {
  /** @example "Camión 12" */
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  /**
   * Unique among the client's assets in service; empty: no plate.
   * @example "KTRB45"
   */
  @WhenSent()
  @ValidateText({ min: 0, max: 20 })
  plate?: string;

  /** @example "truck" */
  @WhenSent()
  @ValidateText({ max: 50 })
  kind?: string;

  @WhenSent()
  @ValidateNestedObject(() => AssetIconDto)
  icon?: AssetIconDto;

  /** Replaces the asset's groups. */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_ASSET_GROUPS)
  @IsObjectIdString({ each: true })
  groupIds?: string[];

  /** Assigns the main tracker (one asset per tracker: 409), or `null` to remove it. */
  @WhenSent({ nullable: true })
  @IsObjectIdString()
  mainTrackerId?: string | null;

  /** What the event detector watches (speed limit, idling, offline, temperature): the fields sent replace the stored ones. */
  @WhenSent()
  @ValidateNestedObject(() => EventSettingsDto)
  eventSettings?: EventSettingsDto;

  /** Its fuel profile (trip costs, refuel anomalies), or `null` to remove it. */
  @WhenSent({ nullable: true })
  @ValidateNestedObject(() => FuelProfileDto)
  fuel?: FuelProfileDto | null;
}
