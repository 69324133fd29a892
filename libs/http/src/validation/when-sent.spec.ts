import { plainToInstance } from 'class-transformer';
import { IsString, validateSync } from 'class-validator';
import { acceptsNull, WhenSent } from './when-sent';

class Body {
  @WhenSent()
  @IsString()
  name?: string;

  @WhenSent({ nullable: true })
  @IsString()
  phone?: string | null;

  @WhenSent({ nullAsAbsent: true })
  @IsString()
  city?: string;
}

const check = (body: Record<string, unknown>) => {
  const dto = plainToInstance(Body, body);
  return { dto, invalid: validateSync(dto).map((error) => error.property) };
};

describe('WhenSent', () => {
  it('skips a field left out', () => {
    expect(check({}).invalid).toEqual([]);
  });

  it('validates a sent value, null included', () => {
    expect(check({ name: 7, phone: 7, city: 7 }).invalid).toEqual(['name', 'phone', 'city']);
    expect(check({ name: null }).invalid).toEqual(['name']);
  });

  it('hands null to the service with nullable, and drops it with nullAsAbsent', () => {
    const { dto, invalid } = check({ phone: null, city: null });
    expect(invalid).toEqual([]);
    expect(dto.phone).toBeNull();
    expect(dto.city).toBeUndefined();
  });

  it('tells which fields accept null (what the OpenAPI document marks nullable)', () => {
    expect([acceptsNull(Body.prototype, 'name'), acceptsNull(Body.prototype, 'phone'), acceptsNull(Body.prototype, 'city')]).toEqual([false, true, true]);
  });
});
