import { CROCKFORD_ALPHABET, encodeCrockford, normalizeCrockfordCode } from './crockford';

describe('Crockford base32', () => {
  it.each([
    [[0, 0, 0, 0, 0], '00000000'],
    [[0xff, 0xff, 0xff, 0xff, 0xff], 'ZZZZZZZZ'],
    [[0x08, 0x42, 0x10, 0x84, 0x21], '11111111'],
    [[0x00, 0x44, 0x32, 0x14, 0xc7], '01234567'],
    [[0x42, 0x54, 0xb6, 0x35, 0xcf], '89ABCDEF'],
    [[0x84, 0x65, 0x3a, 0x56, 0xd7], 'GHJKMNPQ'],
    [[0xc6, 0x75, 0xbe, 0x77, 0xdf], 'RSTVWXYZ'],
  ])('encodes %j as %s, which reads back as itself', (bytes, code) => {
    expect(encodeCrockford(Uint8Array.from(bytes))).toBe(code);
    expect(normalizeCrockfordCode(code)).toBe(code);
  });

  it('pads a partial last symbol with zero bits', () => {
    expect(encodeCrockford(Uint8Array.from([0xff]))).toBe('ZW');
    expect(encodeCrockford(Uint8Array.from([]))).toBe('');
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
});
