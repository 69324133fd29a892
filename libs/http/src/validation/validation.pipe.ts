import { ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { validationFailed } from '../errors/domain.exception';
import { toFieldErrors } from './field-errors';
import { isStrictBody } from './strict-body.decorator';

/**
 * The global pipe: DTOs validated with class-validator, unknown fields stripped — or refused
 * with 400 on DTOs marked `@StrictBody()`. No implicit type conversion: `"5"` is not a number.
 */
@Injectable()
export class AppValidationPipe {
  private readonly lenient = AppValidationPipe.create(false);
  private readonly strict = AppValidationPipe.create(true);

  transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const pipe = isStrictBody(metadata.metatype) ? this.strict : this.lenient;
    return pipe.transform(value, metadata);
  }

  private static create(forbidNonWhitelisted: boolean): ValidationPipe {
    return new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted,
      forbidUnknownValues: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => validationFailed(toFieldErrors(errors)),
    });
  }
}
