import { OmitType } from '@nestjs/swagger';
import { IsFleetDate } from '@app/formats';
import { PageQueryDto, StrictBody } from '@app/http';
import { badRequest } from '@app/errors';
import { TripRecordView } from './trip.view';

@StrictBody()
export class TripListQueryDto extends PageQueryDto {
  /** `DD/MM/YYYY[ HH:mm[:ss]]` in the client's time zone: trips that begin from then on. */
  @IsFleetDate()
  from: string;

  /** `DD/MM/YYYY[ HH:mm[:ss]]`: trips that begin up to then; at most 30 days after `from`. */
  @IsFleetDate()
  to: string;
}

/** A trip in a list: the spec's fields without `positions` (GET …/trip/{id} has them). */
export class TripSummaryView extends OmitType(TripRecordView, ['positions'] as const) {}

/** The cursor after a trip: its begin (trips of a device never share one). */
export const encodeTripCursor = (begin: number) => Buffer.from(JSON.stringify({ b: begin })).toString('base64url');

export function decodeTripCursor(cursor: string): number {
  try {
    const begin = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { b?: unknown }).b;
    if (typeof begin === 'number' && Number.isFinite(begin)) return begin;
  } catch {
    // refused below
  }
  throw badRequest('cursor: not a cursor of this list (use page.nextCursor of the previous page, or start again without one)');
}
