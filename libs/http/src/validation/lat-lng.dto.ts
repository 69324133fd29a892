import { IsNumber, Max, Min } from 'class-validator';

/**
 * A WGS 84 point as bodies carry it (`{lat, lng}`): the base of each domain's own location DTO,
 * which keeps its name in the OpenAPI document and adds `@StrictBody()`.
 */
export class LatLngDto {
  /** WGS 84 latitude, -90..90. @example -33.4489 */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  lat: number;

  /** WGS 84 longitude, -180..180. @example -70.6693 */
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lng: number;
}
