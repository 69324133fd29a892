import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PageQueryDto } from './page-query.dto';

const check = (query: Record<string, unknown>) => {
  const dto = plainToInstance(PageQueryDto, query);
  return { dto, errors: validateSync(dto).flatMap((error) => Object.values(error.constraints ?? {})) };
};

describe('PageQueryDto', () => {
  it('takes a limit from the query string as a number, and a cursor as sent', () => {
    const { dto, errors } = check({ limit: '25', cursor: 'eyJrIjoiX2lkIn0' });
    expect(errors).toEqual([]);
    expect(dto).toEqual({ limit: 25, cursor: 'eyJrIjoiX2lkIn0' });
  });

  it.each(['0', '201', '-1', '1.5', 'ten', '', '1e2'])('refuses the limit %j', (limit) => {
    expect(check({ limit }).errors).toContain('limit must be a whole number from 1 to 200');
  });

  it('refuses a cursor that no page could have given', () => {
    expect(check({ cursor: 'a b' }).errors).toContain('cursor must be page.nextCursor of the previous page');
    expect(check({ cursor: 'x'.repeat(513) }).errors.length).toBeGreaterThan(0);
  });
});
