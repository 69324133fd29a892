import { IsOptional, Matches } from 'class-validator';
import { MultilineText, ValidateText, WhenSent } from '@app/http';

/*
 * The fields of every item a client draws on the map (a geofence, a layer): a name, a description
 * and a colour. A domain's DTO extends one of these classes, adds `@StrictBody()` and its own
 * fields, and says its default colour in its description.
 */

/** `#rrggbb`. */
export const IsMapColor = () => Matches(/^#[0-9a-fA-F]{6}$/, { message: 'color must be #rrggbb' });

/** A new map item's description and colour, both optional (the name is the domain's to require or not). */
export class MapItemLookDto {
  /** @example "Recorridos de la zona norte" */
  @ValidateText({ min: 0, max: 1000, optional: true })
  @MultilineText()
  description?: string;

  /**
   * The map colour, `#rrggbb`.
   * @example "#6d4c41"
   */
  @IsOptional()
  @IsMapColor()
  color?: string;
}

/** A new map item: its name (1 to 200 characters), description and colour. */
export class CreateMapItemDto extends MapItemLookDto {
  /** @example "Zona norte" */
  @ValidateText({ max: 200 })
  name: string;
}

/** The name, description and colour of a map item, each changed when sent (`null` refused). */
export class UpdateMapItemDto {
  /** @example "Zona norte" */
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  /** @example "Recorridos de la zona norte" */
  @WhenSent()
  @ValidateText({ min: 0, max: 1000 })
  @MultilineText()
  description?: string;

  /** @example "#6d4c41" */
  @WhenSent()
  @IsMapColor()
  color?: string;
}
