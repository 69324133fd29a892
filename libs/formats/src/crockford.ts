/**
 * Crockford base32 (https://www.crockford.com/base32.html): digits and upper-case letters
 * without I, L, O and U. People read codes off stickers, so decoding forgives what they confuse:
 * lower case, `I`/`L` for `1`, `O` for `0`, and a hyphen between two groups of four.
 */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const SYMBOL_VALUE = new Map<string, number>([...CROCKFORD_ALPHABET].map((symbol, value) => [symbol, value]));
const READ_AS: Record<string, string> = { I: '1', L: '1', O: '0' };
/** A code as people type it: 8 symbols (any case, I/L/O forgiven, never U), an optional hyphen in the middle. */
export const TYPED_CODE_PATTERN = /^[0-9A-TV-Za-tv-z]{4}-?[0-9A-TV-Za-tv-z]{4}$/;

/** The canonical 8-symbol form of a typed or scanned code, or `null` when it is not one. */
export function normalizeCrockfordCode(input: unknown): string | null {
  if (typeof input !== 'string' || !TYPED_CODE_PATTERN.test(input)) return null;
  const symbols = input
    .replace('-', '')
    .toUpperCase()
    .replace(/[ILO]/g, (c) => READ_AS[c]);
  for (const symbol of symbols) if (!SYMBOL_VALUE.has(symbol)) return null;
  return symbols;
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
