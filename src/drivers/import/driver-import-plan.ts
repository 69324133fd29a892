import { isEmail } from 'class-validator';
import { checkRut } from '@app/formats';

/** A row as it arrives (types and lengths already checked by the DTO). */
export interface DriverImportRow {
  row: number;
  firstName: string;
  lastName: string;
  rut: string;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  city?: string | null;
}

/** The fields of a driver to create, normalized. */
export interface NormalizedDriver {
  rut: string;
  firstName: string;
  lastName: string;
  phone?: string;
  email?: string;
  address?: string;
  city?: string;
}

export interface FailedRow {
  row: number;
  reason: string;
  data: { firstName: string; lastName: string; rut: string };
}

/** A row that passed the checks needing no database: `index` is its position in the request. */
export interface CandidateRow {
  index: number;
  source: DriverImportRow;
  driver: NormalizedDriver;
}

/** One problem of a row, tied to the field it is about (the preview shows them per cell). */
export interface RowProblem {
  field: keyof NormalizedDriver;
  message: string;
}

export interface ImportPlan {
  candidates: CandidateRow[];
  /** `failed` is what the import answers; `problems` are its reasons one by one. */
  rejected: Array<{ index: number; failed: FailedRow; problems: RowProblem[] }>;
}

const PHONE = /^\+?\d{8,15}$/;

/**
 * Normalizes and validates every row again (the sheet may have changed since the preview), and
 * rejects a RUT repeated within the request on every row after its first. The database checks
 * (RUT already registered) come after, on the candidates.
 */
export function planImport(rows: readonly DriverImportRow[]): ImportPlan {
  const firstRowOfRut = new Map<string, number>();
  const plan: ImportPlan = { candidates: [], rejected: [] };
  rows.forEach((source, index) => {
    const { driver, problems, rutValid } = normalizeDriverRow(source);
    const firstRow = firstRowOfRut.get(driver.rut);
    if (rutValid) {
      if (firstRow !== undefined) problems.unshift({ field: 'rut', message: repeatedRutReason(driver.rut, firstRow) });
      else firstRowOfRut.set(driver.rut, source.row);
    }
    if (problems.length > 0) {
      plan.rejected.push({ index, failed: failedRow(source, problems.map((problem) => problem.message).join(' ')), problems });
    } else plan.candidates.push({ index, source, driver });
  });
  return plan;
}

export function failedRow(source: DriverImportRow, reason: string): FailedRow {
  return { row: source.row, reason, data: { firstName: source.firstName, lastName: source.lastName, rut: source.rut } };
}

export function alreadyRegisteredReason(rut: string): string {
  return `A driver with RUT ${rut} is already registered.`;
}

function repeatedRutReason(rut: string, firstRow: number): string {
  return `RUT ${rut} is repeated: it already appears in row ${firstRow} of this import.`;
}

/**
 * One row normalized and checked alone (RUT, email, phone): the rules of the import, shared with
 * the preview and the single-driver create and edit, so that they all agree.
 */
export function normalizeDriverRow(source: DriverImportRow): { driver: NormalizedDriver; problems: RowProblem[]; rutValid: boolean } {
  const problems: RowProblem[] = [];
  const rut = checkRut(source.rut);
  if (rut.problem === 'format') {
    problems.push({ field: 'rut', message: `RUT "${source.rut}" is not valid: write its digits, a hyphen and the check digit, as in 12345678-5.` });
  } else if (rut.problem === 'check_digit') {
    problems.push({ field: 'rut', message: `RUT ${rut.rut} has a wrong check digit: a RUT with these digits ends in -${rut.expectedCheckDigit}.` });
  }
  const email = present(source.email)?.toLowerCase();
  if (email !== undefined && !isValidEmail(email)) problems.push({ field: 'email', message: `Email "${source.email}" is not a valid email address.` });
  const phone = present(source.phone)?.replace(/\s+/g, '');
  if (phone !== undefined && !PHONE.test(phone)) {
    problems.push({ field: 'phone', message: `Phone "${source.phone}" is not valid: use 8 to 15 digits, optionally starting with +.` });
  }
  const driver: NormalizedDriver = {
    rut: rut.rut,
    firstName: source.firstName.trim(),
    lastName: source.lastName.trim(),
    phone,
    email,
    address: present(source.address),
    city: present(source.city),
  };
  return { driver, problems, rutValid: rut.problem === undefined };
}

/** validator's isEmail throws (URIError) on text that is not well-formed UTF-16, such as a lone surrogate. */
function isValidEmail(email: string): boolean {
  try {
    return isEmail(email);
  } catch {
    return false;
  }
}

/** A trimmed value, or undefined for an absent or empty cell. */
function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
