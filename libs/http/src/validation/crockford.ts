import { randomBytes } from 'node:crypto';
import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * Crockford base32 (https://www.crockford.com/base32.html): digits and upper-case letters
 * without I, L, O and U. People read codes off stickers, so decoding forgives what they confuse:
 * lower case, `I`/`L` for `1`, `O` for `0`, and a hyphen between two groups of four.
 */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Inspection QR codes: 8 symbols = 40 bits = 5 random bytes. */
export const QR_CODE_LENGTH = 8;

const SYMBOL_VALUE = new Map<string, number>([...CROCKFORD_ALPHABET].map((symbol, value) => [symbol, value]));
const READ_AS: Record<string, string> = { I: '1', L: '1', O: '0' };
const TYPED_CODE = /^[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}$/;

/** The canonical 8-symbol form of a typed or scanned code, or `null` when it is not one. */
export function normalizeCrockfordCode(input: unknown): string | null {
  if (typeof input !== 'string' || !TYPED_CODE.test(input)) return null;
  const symbols = input.replace('-', '').toUpperCase().replace(/[ILO]/g, (c) => READ_AS[c]);
  for (const symbol of symbols) if (!SYMBOL_VALUE.has(symbol)) return null;
  return symbols;
}

export function isCrockfordCode(input: unknown): boolean {
  return normalizeCrockfordCode(input) !== null;
}

/** Encodes bytes, 5 bits per symbol, most significant first; the last symbol is zero-padded. */
export function encodeCrockford(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD_ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += CROCKFORD_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes a code (normalized as `normalizeCrockfordCode` forgives) back into whole bytes. */
export function decodeCrockford(code: string): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const raw of code.replace(/-/g, '').toUpperCase()) {
    const value = SYMBOL_VALUE.get(READ_AS[raw] ?? raw);
    if (value === undefined) throw new Error(`"${raw}" is not a Crockford base32 symbol`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >> (bits - 8)) & 0xff);
      bits -= 8;
      buffer &= (1 << bits) - 1;
    }
  }
  return Buffer.from(bytes);
}

/** A new 8-symbol code from a cryptographically random source (40 bits). */
export function randomQrCode(): string {
  return encodeCrockford(randomBytes(5));
}

/** `ABCD-EFGH`: how a code is printed under the QR for people to type. */
export function formatQrCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** DTO field: an inspection QR code as people type it (any case, optional hyphen, I/L/O forgiven). */
export function IsQrCode(options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isQrCode',
      validator: {
        validate: (value) => isCrockfordCode(value),
        defaultMessage: () => '$property must be an 8-character QR code such as 7K3M-9QXD',
      },
    },
    options,
  );
}
