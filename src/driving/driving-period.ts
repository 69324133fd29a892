import { applyDecorators } from '@nestjs/common';
import { Matches } from 'class-validator';
import { badRequest } from '@app/errors';
import { IsIsoDateTime } from '@app/formats';
import { MAX_REPORT_DAYS } from '@app/reports';

/** An ISO 8601 instant with its offset (`Z` or `±hh:mm`): never a local time read in some zone. */
export const IsIsoInstant = () =>
  applyDecorators(
    IsIsoDateTime(),
    Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/, {
      message: '$property must be an ISO 8601 instant with its offset (Z or ±hh:mm)',
    }),
  );

/** The scores' and the driving report's period in unix seconds: a 400 when `from` is after `to` or they are over 31 days apart. */
export function drivingPeriod(from: string, to: string): { fromS: number; toS: number } {
  const [fromS, toS] = [Date.parse(from) / 1000, Date.parse(to) / 1000];
  if (fromS > toS) throw badRequest('from must not be after to');
  if (toS - fromS > MAX_REPORT_DAYS * 86_400) throw badRequest(`The period from ${from} to ${to} is longer than the maximum of ${MAX_REPORT_DAYS} days`);
  return { fromS, toS };
}
