/**
 * Chilean RUT (Rol Único Tributario): a body of up to 8 digits, a hyphen and a check digit
 * (0-9 or K) computed modulo 11. The canonical form has no dots, an upper-case K and the hyphen:
 * `12345678-5`.
 */

const CANONICAL_RUT = /^([1-9]\d{0,7})-([\dK])$/;

/** The check digit of a RUT body: weights 2..7 from the right, 11 - (sum mod 11); 11 → 0, 10 → K. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 11 ? '0' : digit === 10 ? 'K' : String(digit);
}

/**
 * The canonical form of what a person typed: trimmed, spaces and dots removed, `k` upper-cased,
 * the hyphen placed before the check digit. It is not checked: see `checkRut`.
 */
export function normalizeRut(value: string): string {
  const compact = value.trim().replace(/[\s.]/g, '').toUpperCase();
  if (compact.includes('-') || compact.length < 2) return compact;
  return `${compact.slice(0, -1)}-${compact.slice(-1)}`;
}

export type RutProblem = 'format' | 'check_digit';

export interface RutCheck {
  /** The canonical form (`normalizeRut`), whether valid or not. */
  rut: string;
  problem?: RutProblem;
  /** The check digit the body calls for, when only the check digit is wrong. */
  expectedCheckDigit?: string;
}

/** Normalizes a RUT and says whether it is well formed and its check digit right. */
export function checkRut(value: string): RutCheck {
  const rut = normalizeRut(value);
  const match = CANONICAL_RUT.exec(rut);
  if (!match) return { rut, problem: 'format' };
  const expected = rutCheckDigit(match[1]);
  return expected === match[2] ? { rut } : { rut, problem: 'check_digit', expectedCheckDigit: expected };
}

export function isValidRut(value: unknown): value is string {
  return typeof value === 'string' && checkRut(value).problem === undefined;
}
