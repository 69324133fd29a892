import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describeFieldErrors } from '@app/errors';
import { findControlCharacters, toFieldErrors } from '@app/http';
import { CreatePlaceDto } from '../dto/create-place.dto';

/**
 * An import row's fields checked by the rules of `POST /api/places` — the DTO's own decorators,
 * as the request pipe applies them (unknown fields refused, text trimmed, no control characters)
 * — so a row is accepted exactly when the same body would be.
 */
export async function validPlace(fields: Record<string, unknown>): Promise<{ place: CreatePlaceDto } | { message: string }> {
  const place = plainToInstance(CreatePlaceDto, fields, { enableImplicitConversion: false });
  const errors = await validate(place, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: true },
  });
  const problems = errors.length > 0 ? toFieldErrors(errors) : findControlCharacters(place);
  return problems.length > 0 ? { message: describeFieldErrors(problems) } : { place };
}
