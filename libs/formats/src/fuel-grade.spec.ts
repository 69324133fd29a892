import { validate } from 'class-validator';
import { FUEL_GRADES, IsFuelGrade, isFuelGrade } from './fuel-grade';

class Probe {
  @IsFuelGrade({ optional: true })
  fuelType?: unknown;
}

const errorsFor = async (fuelType: unknown) => validate(Object.assign(new Probe(), { fuelType }));

describe('fuel grade', () => {
  it('knows exactly the four Chilean grades', () => {
    expect(FUEL_GRADES).toEqual(['gasoline_93', 'gasoline_95', 'gasoline_97', 'diesel']);
    expect(FUEL_GRADES.every(isFuelGrade)).toBe(true);
  });

  it.each(['gasoline_91', 'DIESEL', ' diesel', '', 93, ['diesel'], {}])('refuses %p', async (value) => {
    expect(isFuelGrade(value)).toBe(false);
    const errors = await errorsFor(value);
    expect(errors[0]?.constraints?.isIn).toBe('fuelType must be one of gasoline_93, gasoline_95, gasoline_97, diesel');
  });

  it('accepts a grade, and absence when optional', async () => {
    expect(await errorsFor('gasoline_95')).toEqual([]);
    expect(await errorsFor(undefined)).toEqual([]);
  });
});
