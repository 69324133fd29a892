import { badRequest } from '@app/errors';

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
