import { IsInt, Matches, Max, Min } from 'class-validator';
import { PageQueryDto, StrictBody, ValidateText, WhenSent } from '@app/http';

const PHONE = /^\+?[0-9 ]{6,20}$/;
const IMEI = /^[0-9]{15}$/;
/** How a stream names a device (flespi `ident`: usually its IMEI). */
const IDENT = /^[A-Za-z0-9._:-]{1,64}$/;
const IDENT_MESSAGE = 'ident must be 1 to 64 letters, digits, dots, colons, dashes or underscores';

@StrictBody()
export class CreateTrackerDto {
  /**
   * The flespi device id: a whole number from 1, unique across the platform.
   * @example 4521
   */
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  vendorId: number;

  /**
   * The device model, e.g. `FMB920` (1 to 100 characters).
   * @example "Teltonika FMB920"
   */
  @ValidateText({ max: 100 })
  model: string;

  /**
   * Default `{model} #{vendorId}` (1 to 200 characters).
   * @example "Camión 12 - FMB920"
   */
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  /** The SIM card's phone number: digits and spaces, optional leading `+` (6 to 20 characters); `null` as left out. */
  @WhenSent({ nullAsAbsent: true })
  @Matches(PHONE, { message: 'phone must be 6 to 20 digits or spaces, with an optional leading +' })
  phone?: string;

  /** The device's IMEI: 15 digits; `null` as left out. */
  @WhenSent({ nullAsAbsent: true })
  @Matches(IMEI, { message: 'imei must be 15 digits' })
  imei?: string;

  /**
   * The device's identity as the stream sends it (flespi `ident`, usually its IMEI). Set, the
   * tracker refuses messages carrying another `ident` (`identMismatch` in the ingestion's answer);
   * left out or `null`, it accepts any, as before.
   * @example "356938035643809"
   */
  @WhenSent({ nullAsAbsent: true })
  @Matches(IDENT, { message: IDENT_MESSAGE })
  ident?: string;
}

/** The fields to change, at least one; `vendorId` is the device's identity and cannot change. */
@StrictBody()
export class UpdateTrackerDto {
  /** @example "Teltonika FMB920" */
  @WhenSent()
  @ValidateText({ max: 100 })
  model?: string;

  /** @example "Camión 12 - FMB920" */
  @WhenSent()
  @ValidateText({ max: 200 })
  name?: string;

  /** `null` removes it. */
  @WhenSent({ nullable: true })
  @Matches(PHONE, { message: 'phone must be 6 to 20 digits or spaces, with an optional leading +' })
  phone?: string | null;

  /** `null` removes it. */
  @WhenSent({ nullable: true })
  @Matches(IMEI, { message: 'imei must be 15 digits' })
  imei?: string | null;

  /** `null` removes it: messages with any `ident` are accepted again. */
  @WhenSent({ nullable: true })
  @Matches(IDENT, { message: IDENT_MESSAGE })
  ident?: string | null;
}

/** Trackers are listed newest first, without filters. */
@StrictBody()
export class ListTrackersDto extends PageQueryDto {}
