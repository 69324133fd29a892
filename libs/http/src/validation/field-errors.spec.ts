import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { toFieldErrors } from './field-errors';
import { PageQueryDto } from './page-query.dto';

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
});
