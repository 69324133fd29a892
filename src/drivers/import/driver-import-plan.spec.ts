import { planImport } from './driver-import-plan';

const row = (n: number, fields: Record<string, string | null> = {}) => ({
  row: n,
  firstName: 'Juana',
  lastName: 'Pérez',
  rut: '12345678-5',
  ...fields,
});

describe('planImport', () => {
  it('normalizes RUT, email and phone, and drops empty cells', () => {
    const plan = planImport([row(2, { rut: ' 12.345.678-5 ', email: ' Juana.Perez@Example.CL ', phone: '+56 9 1234 5678', address: '', city: '  Santiago ' })]);
    expect(plan.rejected).toEqual([]);
    expect(plan.candidates[0].driver).toEqual({
      rut: '12345678-5',
      firstName: 'Juana',
      lastName: 'Pérez',
      email: 'juana.perez@example.cl',
      phone: '+56912345678',
      address: undefined,
      city: 'Santiago',
    });
  });

  it('upper-cases a K check digit', () => {
    expect(planImport([row(2, { rut: '10000013-k' })]).candidates[0].driver.rut).toBe('10000013-K');
  });

  it('rejects a wrong check digit, naming the right one', () => {
    const plan = planImport([row(2, { rut: '12345678-0' })]);
    expect(plan.candidates).toEqual([]);
    expect(plan.rejected[0]).toEqual({
      index: 0,
      failed: {
        row: 2,
        reason: 'RUT 12345678-0 has a wrong check digit: a RUT with these digits ends in -5.',
        data: { firstName: 'Juana', lastName: 'Pérez', rut: '12345678-0' },
      },
      problems: [{ field: 'rut', message: 'RUT 12345678-0 has a wrong check digit: a RUT with these digits ends in -5.' }],
    });
  });

  it('rejects a malformed RUT', () => {
    expect(planImport([row(2, { rut: 'ABC' })]).rejected[0].failed.reason).toMatch(/^RUT "ABC" is not valid/);
  });

  it('rejects a malformed email or phone', () => {
    const plan = planImport([row(2, { email: 'juana@' }), row(3, { rut: '11111111-1', phone: '12-34' })]);
    expect(plan.rejected.map((r) => r.failed.reason)).toEqual([
      'Email "juana@" is not a valid email address.',
      'Phone "12-34" is not valid: use 8 to 15 digits, optionally starting with +.',
    ]);
  });

  it('rejects, not throws on, an email that is not well-formed text (a lone surrogate)', () => {
    expect(planImport([row(2, { email: '\ud800' })]).rejected[0].failed.reason).toBe('Email "\ud800" is not a valid email address.');
  });

  it('gives every problem of a row in one reason', () => {
    const [rejected] = planImport([row(2, { rut: '12345678-0', email: 'x' })]).rejected;
    expect(rejected.failed.reason).toBe('RUT 12345678-0 has a wrong check digit: a RUT with these digits ends in -5. Email "x" is not a valid email address.');
  });

  it('keeps the first row of a repeated RUT and rejects the later ones, comparing normalized RUTs', () => {
    const plan = planImport([row(2), row(3, { rut: '11111111-1' }), row(4, { rut: '12.345.678-5' }), row(5, { rut: '123456785' })]);
    expect(plan.candidates.map((c) => c.source.row)).toEqual([2, 3]);
    expect(plan.rejected.map((r) => [r.index, r.failed.reason])).toEqual([
      [2, 'RUT 12345678-5 is repeated: it already appears in row 2 of this import.'],
      [3, 'RUT 12345678-5 is repeated: it already appears in row 2 of this import.'],
    ]);
  });

  it('names the field of each problem, the repeated RUT first', () => {
    const plan = planImport([row(2), row(3, { email: 'x', phone: '1' })]);
    expect(plan.rejected[0].problems.map((problem) => problem.field)).toEqual(['rut', 'email', 'phone']);
  });

  it('counts a repeated RUT even when its first row was rejected for another field', () => {
    const plan = planImport([row(2, { email: 'bad' }), row(3)]);
    expect(plan.candidates).toEqual([]);
    expect(plan.rejected[1].failed.reason).toMatch(/repeated: it already appears in row 2/);
  });
});
