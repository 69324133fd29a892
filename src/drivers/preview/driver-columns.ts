import { columnMapper } from '@app/sheets';
import type { NormalizedDriver } from '../import/driver-import-plan';

export type DriverField = keyof NormalizedDriver;

/**
 * The header spellings the preview accepts for each field, Spanish and English. They are
 * compared after `headerKey`: case, accents, spaces, `_`, `-`, `.`, a trailing `*` and a
 * parenthesized note (`Teléfono (opcional)`) do not matter. docs/drivers-users-partner-activity.md lists them.
 */
export const HEADER_SPELLINGS: Record<DriverField, readonly string[]> = {
  firstName: ['nombre', 'nombres', 'primer nombre', 'first name', 'firstname', 'given name'],
  lastName: ['apellido', 'apellidos', 'last name', 'lastname', 'surname', 'family name'],
  rut: ['rut', 'run', 'rut conductor'],
  phone: ['telefono', 'fono', 'celular', 'movil', 'phone', 'phone number', 'telephone', 'mobile', 'cell phone'],
  email: ['correo', 'correo electronico', 'email', 'e mail', 'mail', 'email address', 'e mail address'],
  address: ['direccion', 'domicilio', 'address'],
  city: ['ciudad', 'city', 'town'],
};

/** How the template names the columns (Spanish: the home market's sheets). */
export const TEMPLATE_HEADERS: Record<DriverField, string> = {
  firstName: 'Nombre',
  lastName: 'Apellido',
  rut: 'RUT',
  phone: 'Teléfono',
  email: 'Correo',
  address: 'Dirección',
  city: 'Ciudad',
};

export const REQUIRED_FIELDS: readonly DriverField[] = ['firstName', 'lastName', 'rut'];

/** Which column holds which field, from the header row. */
export const mapColumns = columnMapper(HEADER_SPELLINGS);
