import { plainToInstance } from 'class-transformer';
import { IsInt, IsPositive, IsString, Max, MaxLength, Min, validateSync } from 'class-validator';
import { toFieldErrors } from './field-errors';

const ONE_TO_NINE = 'n must be a whole number from 1 to 9';

class Shared {
  @IsInt({ message: ONE_TO_NINE })
  @IsPositive({ message: ONE_TO_NINE })
  @Min(1, { message: ONE_TO_NINE })
  @Max(9, { message: ONE_TO_NINE })
  n!: number;
}

class Two {
  @IsPositive()
  @Min(5)
  n!: number;
}

class Rule {
  @IsInt()
  @Min(0)
  @Max(604800)
  seconds!: number;

  @IsString()
  @MaxLength(3)
  name!: string;
}

describe('toFieldErrors', () => {
  it('says a message once per field when several constraints share it', () => {
    // -5 is below 1 and not positive: two rules broken, one message.
    const errors = toFieldErrors(validateSync(plainToInstance(Shared, { n: -5 })));
    expect(errors).toEqual([{ path: 'n', message: 'n must be a whole number from 1 to 9' }]);
  });

  it('keeps the different messages of one field', () => {
    const errors = toFieldErrors(validateSync(plainToInstance(Two, { n: -1 })));
    expect(errors).toEqual([
      { path: 'n', message: 'n must not be less than 5' },
      { path: 'n', message: 'n must be a positive number' },
    ]);
  });

  it('tells a field of the wrong type only that, not the bounds it cannot be held to', () => {
    const errors = toFieldErrors(validateSync(plainToInstance(Rule, { seconds: '10', name: 12345 })));
    expect(errors).toEqual([
      { path: 'seconds', message: 'seconds must be an integer number' },
      { path: 'name', message: 'name must be a string' },
    ]);
  });

  it('tells a field of the right type every rule it breaks', () => {
    const errors = toFieldErrors(validateSync(plainToInstance(Rule, { seconds: -1, name: 'long' })));
    expect(errors).toEqual([
      { path: 'seconds', message: 'seconds must not be less than 0' },
      { path: 'name', message: 'name must be shorter than or equal to 3 characters' },
    ]);
  });

  it('tells a missing field every rule it must meet', () => {
    const errors = toFieldErrors(validateSync(plainToInstance(Rule, { seconds: 5 })));
    expect(errors).toEqual([
      { path: 'name', message: 'name must be shorter than or equal to 3 characters' },
      { path: 'name', message: 'name must be a string' },
    ]);
  });
});
