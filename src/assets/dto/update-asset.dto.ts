import { PartialType, PickType } from '@nestjs/swagger';
import { IsObjectIdString } from '@app/formats';
import { StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import { CreateAssetDto } from './create-asset.dto';
import { EventSettingsDto } from './event-settings.dto';
import { FuelProfileDto } from './fuel-profile.dto';

/**
 * The fields to change; at least one. Anything else (`archivedAt`, ids, dates) is refused. `name`,
 * `kind`, `icon` and `groupIds` are creation's, each optional (`null` is still validated, so
 * refused); `groupIds` replaces the asset's groups.
 */
@StrictBody()
export class UpdateAssetDto extends PartialType(PickType(CreateAssetDto, ['name', 'kind', 'icon', 'groupIds'] as const), { skipNullProperties: false }) {
  /**
   * Unique among the client's assets in service; empty: no plate.
   * @example "KTRB45"
   */
  @WhenSent()
  @ValidateText({ min: 0, max: 20 })
  plate?: string;

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
