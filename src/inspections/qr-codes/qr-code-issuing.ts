import { randomBytes } from 'node:crypto';
import { encodeCrockford } from '@app/formats';

/** A new 8-symbol code from a cryptographically random source (40 bits = 5 bytes). */
export function randomQrCode(): string {
  return encodeCrockford(randomBytes(5));
}

/** `ABCD-EFGH`: how a code is printed under the QR for people to type. */
export function formatQrCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
