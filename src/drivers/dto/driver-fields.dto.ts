import { IsBoolean } from 'class-validator';
import { StrictBody, ValidateText, WhenSent } from '@app/http';

/** A driver's fields as `POST /api/drivers` takes them: the import row's fields and limits, without `row`. */
@StrictBody()
export class CreateDriverDto {
  /**
   * Required, up to 100 characters.
   * @example "Juana"
   */
  @ValidateText({ max: 100 })
  firstName: string;

  /**
   * Required, up to 100 characters.
   * @example "Pérez"
   */
  @ValidateText({ max: 100 })
  lastName: string;

  /**
   * Required: a valid RUT; dots, spaces, a missing hyphen and a lower-case k are normalized (`12.345.678-k` → `12345678-K`). Unique within the client (else 409).
   * @example "12345678-5"
   */
  @ValidateText({ max: 20 })
  rut: string;

  /**
   * 8 to 15 digits with an optional leading `+`; spaces are removed.
   * @example "+56987654321"
   */
  @WhenSent({ nullAsAbsent: true })
  @ValidateText({ min: 0, max: 30 })
  phone?: string;

  /**
   * Stored in lower case.
   * @example "juana.perez@transportes-andes.cl"
   */
  @WhenSent({ nullAsAbsent: true })
  @ValidateText({ min: 0, max: 254 })
  email?: string;

  /**
   * Up to 200 characters.
   * @example "Av. Providencia 1234"
   */
  @WhenSent({ nullAsAbsent: true })
  @ValidateText({ min: 0, max: 200 })
  address?: string;

  /**
   * Up to 100 characters.
   * @example "Santiago"
   */
  @WhenSent({ nullAsAbsent: true })
  @ValidateText({ min: 0, max: 100 })
  city?: string;
  /**
   * The driver's own key: an iButton or RFID code, as the vehicle's tracker sends it (flespi
   * `driver.id`, `ibutton.code`); compared regardless of case. Unique within the client (else 409).
   * @example "01A2B3C4D5E6F7"
   */
  @WhenSent({ nullAsAbsent: true })
  @ValidateText({ max: 64 })
  identificationKey?: string;
}

/** `null` clears an optional field; `archived: false` restores an archived driver. */
@StrictBody()
export class UpdateDriverDto {
  /**
   * Up to 100 characters.
   * @example "Juana"
   */
  @WhenSent()
  @ValidateText({ max: 100 })
  firstName?: string;

  /**
   * Up to 100 characters.
   * @example "Pérez"
   */
  @WhenSent()
  @ValidateText({ max: 100 })
  lastName?: string;

  /**
   * A valid RUT, normalized; unique within the client (else 409).
   * @example "12345678-5"
   */
  @WhenSent()
  @ValidateText({ max: 20 })
  rut?: string;

  /**
   * 8 to 15 digits with an optional leading `+`; `null` or empty clears it.
   * @example "+56987654321"
   */
  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 30 })
  phone?: string | null;

  /**
   * Stored in lower case; `null` or empty clears it.
   * @example "juana.perez@transportes-andes.cl"
   */
  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 254 })
  email?: string | null;

  /**
   * `null` or empty clears it.
   * @example "Av. Providencia 1234"
   */
  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 200 })
  address?: string | null;

  /**
   * `null` or empty clears it.
   * @example "Santiago"
   */
  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 100 })
  city?: string | null;

  /**
   * The driver's iButton or RFID code; `null` clears it. Unique within the client (else 409).
   * @example "01A2B3C4D5E6F7"
   */
  @WhenSent({ nullable: true })
  @ValidateText({ min: 0, max: 64 })
  identificationKey?: string | null;

  /** `false` restores an archived driver (archived drivers keep their RUT, so it is still theirs); `true` archives, as DELETE does. */
  @WhenSent()
  @IsBoolean()
  archived?: boolean;
}
