import { checkRut, isValidRut, normalizeRut, rutCheckDigit } from './rut';

describe('RUT', () => {
  it.each([
    ['12345678', '5'],
    ['11111111', '1'],
    ['76086428', '5'],
    ['10000013', 'K'],
    ['22222222', '2'],
    ['1', '9'],
    ['30686957', '4'],
  ])('computes the check digit of %s as %s', (body, digit) => {
    expect(rutCheckDigit(body)).toBe(digit);
  });

  it.each([
    ['12345678-5', '12345678-5'],
    [' 12.345.678-5 ', '12345678-5'],
    ['10000013-k', '10000013-K'],
    ['123456785', '12345678-5'],
    ['1.000.001-3', '1000001-3'],
    ['12 345 678-5', '12345678-5'],
  ])('normalizes %j to %s', (input, canonical) => {
    expect(normalizeRut(input)).toBe(canonical);
  });

  it.each(['12345678-5', '10000013-K', '10000013-k', '11111111-1', '1-9', '7.654.321-6'])('accepts %s', (rut) => {
    expect(isValidRut(rut)).toBe(true);
    expect(checkRut(rut).problem).toBeUndefined();
  });

  it.each([
    ['12345678-4', '5'],
    ['10000013-1', 'K'],
    ['11111111-K', '1'],
  ])('refuses %s for its check digit (expected %s)', (rut, expected) => {
    expect(checkRut(rut)).toMatchObject({ problem: 'check_digit', expectedCheckDigit: expected });
    expect(isValidRut(rut)).toBe(false);
  });

  it.each(['', '-', '5', 'abc', '12345678-', '-5', '12-345-678-5', '123456789-0', '01234567-8', '12345678-X', '1234a678-5'])(
    'refuses %j as malformed',
    (rut) => {
      expect(checkRut(rut).problem).toBe('format');
      expect(isValidRut(rut)).toBe(false);
    },
  );

  it('refuses values that are not strings', () => {
    expect(isValidRut(12345678)).toBe(false);
    expect(isValidRut(undefined)).toBe(false);
  });
});
