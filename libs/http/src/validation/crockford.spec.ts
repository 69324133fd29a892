import { validateSync } from 'class-validator';
import { CROCKFORD_ALPHABET, IsQrCode, decodeCrockford, encodeCrockford, formatQrCode, isCrockfordCode, normalizeCrockfordCode, randomQrCode } from './crockford';

describe('Crockford base32', () => {
  it.each([
    [[0, 0, 0, 0, 0], '00000000'],
    [[0xff, 0xff, 0xff, 0xff, 0xff], 'ZZZZZZZZ'],
    [[0x08, 0x42, 0x10, 0x84, 0x21], '11111111'],
    [[0x00, 0x44, 0x32, 0x14, 0xc7], '01234567'],
    [[0x42, 0x54, 0xb6, 0x35, 0xcf], '89ABCDEF'],
    [[0x84, 0x65, 0x3a, 0x56, 0xd7], 'GHJKMNPQ'],
    [[0xc6, 0x75, 0xbe, 0x77, 0xdf], 'RSTVWXYZ'],
  ])('encodes %j as %s and decodes it back', (bytes, code) => {
    expect(encodeCrockford(Uint8Array.from(bytes))).toBe(code);
    expect([...decodeCrockford(code)]).toEqual(bytes);
  });

  it('pads a partial last symbol with zero bits', () => {
    expect(encodeCrockford(Uint8Array.from([0xff]))).toBe('ZW');
    expect(encodeCrockford(Uint8Array.from([]))).toBe('');
  });

  it('round-trips random byte strings of every length', () => {
    for (let length = 0; length <= 20; length++) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 97 + length * 31) & 0xff));
      expect(decodeCrockford(encodeCrockford(bytes))).toEqual(bytes);
    }
  });

  it('decodes lower case, a hyphen and the look-alikes I, L and O', () => {
    expect(decodeCrockford('ilo0-1I1l')).toEqual(decodeCrockford('11001111'));
  });

  it('refuses symbols outside the alphabet when decoding', () => {
    expect(() => decodeCrockford('ABCU')).toThrow('"U" is not a Crockford base32 symbol');
  });

  it('uses 32 distinct symbols without I, L, O or U', () => {
    expect(new Set(CROCKFORD_ALPHABET).size).toBe(32);
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
  });
});

describe('QR code normalization', () => {
  it.each([
    ['7K3M9QXD', '7K3M9QXD'],
    ['7k3m9qxd', '7K3M9QXD'],
    ['7K3M-9QXD', '7K3M9QXD'],
    ['7k3m-9qxd', '7K3M9QXD'],
    ['IiLl-OoO0', '11110000'],
    ['ABCDEFGH', 'ABCDEFGH'],
  ])('reads %s as %s', (typed, canonical) => {
    expect(normalizeCrockfordCode(typed)).toBe(canonical);
    expect(isCrockfordCode(typed)).toBe(true);
  });

  it.each([
    '',
    '7K3M9QX',
    '7K3M9QXDA',
    '7K3-M9QXD',
    '7K3M--9QXD',
    '-7K3M9QXD',
    '7K3M9QXD-',
    'UUUUUUUU',
    '7K3M 9QX',
    '7K3M_9QX',
    'ñK3M9QXD',
    '0123456789abcdef01234567',
  ])('refuses %j', (typed) => {
    expect(normalizeCrockfordCode(typed)).toBeNull();
  });

  it('refuses values that are not strings', () => {
    expect(normalizeCrockfordCode(12345678)).toBeNull();
    expect(normalizeCrockfordCode(undefined)).toBeNull();
  });

  it('generates 8-symbol canonical codes that differ', () => {
    const codes = Array.from({ length: 200 }, randomQrCode);
    for (const code of codes) expect(normalizeCrockfordCode(code)).toBe(code);
    expect(new Set(codes).size).toBe(200);
  });

  it('prints a code as two groups of four', () => {
    expect(formatQrCode('7K3M9QXD')).toBe('7K3M-9QXD');
  });
});

describe('IsQrCode', () => {
  class Body {
    @IsQrCode()
    code: unknown;
  }
  const errorsFor = (code: unknown) => validateSync(Object.assign(new Body(), { code })).flatMap((e) => Object.values(e.constraints ?? {}));

  it('accepts codes as people type them and refuses anything else', () => {
    expect(errorsFor('7k3m-9qxd')).toEqual([]);
    expect(errorsFor('7K3M9QXU')).toEqual(['code must be an 8-character QR code such as 7K3M-9QXD']);
    expect(errorsFor(12345678)).toEqual(['code must be an 8-character QR code such as 7K3M-9QXD']);
  });
});
