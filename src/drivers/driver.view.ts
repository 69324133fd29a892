import { Driver } from './schemas/driver.schema';
import type { Stored } from '@app/database';
import { recordTimes } from '@app/http';

/** A driver as the spec shows it: note the lower-case `firstname` and `lastname`. */
export class DriverView {
  id: string;
  /** @example "12345678-5" */
  rut: string;
  /**
   * Absent when the import row had no phone.
   * @example "+56987654321"
   */
  phone?: string;
  /** @example "Juana" */
  firstname: string;
  /** @example "Pérez" */
  lastname: string;
  /**
   * Absent when the import row had no email.
   * @example "juana.perez@transportes-andes.cl"
   */
  email?: string;
  /**
   * Absent when the import row had no address.
   * @example "Av. Providencia 1234"
   */
  address?: string;
  /**
   * Absent when the import row had no city.
   * @example "Santiago"
   */
  city?: string;
  /**
   * The driver's iButton or RFID code; absent when none.
   * @example "01A2B3C4D5E6F7"
   */
  identificationKey?: string;
  clientId: string;
  /** The user whose import created the driver. */
  userId: string;
  createdAt: Date;
  updatedAt: Date;
  /** When the driver was archived (`DELETE`); absent for an active driver. */
  archivedAt?: Date;
}

/** The answer of `DELETE /api/drivers/{id}`. */
export class ArchivedDriverView {
  /** The archived driver's id. */
  id: string;
}

export function toDriverView(driver: Stored<Driver>): DriverView {
  return {
    id: driver._id.toHexString(),
    rut: driver.rut,
    phone: driver.phone,
    firstname: driver.firstName,
    lastname: driver.lastName,
    email: driver.email,
    address: driver.address,
    city: driver.city,
    identificationKey: driver.identificationKey,
    clientId: driver.clientId.toHexString(),
    userId: driver.userId.toHexString(),
    ...recordTimes(driver),
    archivedAt: driver.archivedAt ?? undefined,
  };
}
