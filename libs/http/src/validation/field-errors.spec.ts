import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from './field-errors';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from './page-query.dto';

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
    // -1.5 is neither whole nor at least 1: two of the limit's constraints, one message.
    const errors = toFieldErrors(validateSync(plainToInstance(PageQueryDto, { limit: '-1.5' })));
    expect(errors).toEqual([{ path: 'limit', message: 'limit must be a whole number from 1 to 200' }]);
  });

  it('keeps the different messages of one field', () => {
    const errors = toFieldErrors(validateSync(plainToInstance(PageQueryDto, { limit: '5', cursor: 'x'.repeat(600) })));
    expect(errors.every((error) => error.path === 'cursor')).toBe(true);
    expect(new Set(errors.map((error) => error.message)).size).toBe(errors.length);
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
