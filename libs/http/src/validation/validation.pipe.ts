import { ArgumentMetadata, Injectable, Logger, ValidationPipe } from '@nestjs/common';
import { badRequest, DomainException, validationFailed } from '@app/errors';
import { findControlCharacters } from './control-characters';
import { notAcceptedField, toFieldErrors } from './field-errors';
import { findPrototypeKeys, stripPrototypeKeys } from './prototype-keys';
import { isStrictBody } from './strict-body.decorator';

/**
 * The global pipe: DTOs validated with class-validator, unknown fields stripped — or refused
 * with 400 on DTOs marked `@StrictBody()`. No implicit type conversion: `"5"` is not a number.
 * `__proto__`, `constructor` and `prototype` keys (at any depth) are refused like any unknown
 * field by a strict DTO, and deleted from every other value before anything reads it.
 * No string of a DTO may hold a control character, except tab and line breaks in
 * `@MultilineText()` fields (control-characters.ts).
 */
/** What TypeScript reflects for `unknown`, `object`, arrays and primitives: not a DTO class. */
const PLAIN_TYPES = new Set<unknown>([Object, Array, String, Number, Boolean]);
const isDtoClass = (metatype: unknown): boolean => typeof metatype === 'function' && !PLAIN_TYPES.has(metatype);

@Injectable()
export class AppValidationPipe {
  private readonly logger = new Logger(AppValidationPipe.name);
  private readonly lenient = AppValidationPipe.create(false);
  private readonly strict = AppValidationPipe.create(true);

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Custom parameters (`@Auth()`) are the app's own values, not the caller's input.
    if (metadata.type === 'custom') return this.lenient.transform(value, metadata);
    const strict = isStrictBody(metadata.metatype);
    if (strict) {
      const keys = findPrototypeKeys(value);
      if (keys.length > 0) throw validationFailed(keys.map(notAcceptedField));
    } else {
      stripPrototypeKeys(value);
    }
    const pipe = strict ? this.strict : this.lenient;
    let result: unknown;
    try {
      result = await pipe.transform(value, metadata);
    } catch (error) {
      if (error instanceof DomainException) throw error;
      // A validator that throws on some input (class-validator's IsNumber({maxDecimalPlaces})
      // does on `1e-7`) means the input could not be validated: the caller's error, not ours.
      this.logger.warn(`validation of ${metadata.type} ${metadata.metatype?.name ?? ''} threw: ${(error as Error).message}`);
      throw badRequest(`The request ${metadata.type === 'body' ? 'body' : metadata.type} could not be validated`);
    }
    // The text rule on every DTO, after validation so that its own errors come first. A body
    // typed as a plain value (the telemetry route's `unknown`: devices' messages, whose bad
    // messages are counted one by one, never a 400 for the batch) is not a DTO.
    if (isDtoClass(metadata.metatype) && result !== null && typeof result === 'object') {
      const controls = findControlCharacters(result);
      if (controls.length > 0) throw validationFailed(controls);
    }
    return result;
  }

  private static create(forbidNonWhitelisted: boolean): ValidationPipe {
    return new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      // `value`: whether a field was sent at all (field-errors.ts); never put in an answer.
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => validationFailed(toFieldErrors(errors)),
    });
  }
}
