import { Types } from 'mongoose';
import { badRequest } from '@app/errors';

/** A list request (DESIGN.md, lists): `limit` 1..200, default 50, and the opaque cursor of the previous page. */
export interface PageRequest {
  limit?: number;
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; `null` on the last one. */
  nextCursor: string | null;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** The order of a list: one field, then `_id` to break ties (both in the same direction). */
export interface ListOrder {
  sortBy?: string;
  direction?: 'asc' | 'desc';
}

interface CursorPosition {
  /** The sort field the cursor was made for: a cursor of another list is refused. */
  k: string;
  v: unknown;
  id: string;
}

/** The cursor after `record`: where the next page starts (keyset pagination, stable under inserts). */
export function encodeCursor(record: Record<string, unknown>, sortBy: string): string {
  const value = sortBy === '_id' ? undefined : record[sortBy];
  const position: CursorPosition = { k: sortBy, v: value instanceof Date ? { $date: value.toISOString() } : value, id: String(record._id) };
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

const invalidCursor = () => badRequest('cursor: not a cursor of this list (use page.nextCursor of the previous page, or start again without one)');

/** A cursor's JSON, whatever it holds; 400 when it is none. */
function parsedCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
}

/** Where a cursor of a list sorted by `sortBy` (then `_id`) stands: the last record's value and id. */
export function decodeCursor(cursor: string, sortBy: string): { value: unknown; id: Types.ObjectId } {
  const position = parsedCursor(cursor) as CursorPosition;
  if (!position || typeof position !== 'object' || position.k !== sortBy || !Types.ObjectId.isValid(position.id) || !/^[0-9a-f]{24}$/.test(position.id)) {
    throw invalidCursor();
  }
  return { value: sortBy === '_id' ? undefined : decodeValue(position.v), id: new Types.ObjectId(position.id) };
}

/** The filter of the records after a cursor, in the list's order. */
export function afterCursor(cursor: string, { sortBy = '_id', direction = 'desc' }: ListOrder): Record<string, unknown> {
  const { value, id } = decodeCursor(cursor, sortBy);
  const beyond = direction === 'desc' ? '$lt' : '$gt';
  if (sortBy === '_id') return { _id: { [beyond]: id } };
  return { $or: [{ [sortBy]: { [beyond]: value } }, { [sortBy]: value, _id: { [beyond]: id } }] };
}

/**
 * A cursor for a list ordered by a field that is unique within it (a device's trips by begin):
 * the value alone, no `_id` tie-break. `decodeKeyCursor` answers the value, checked by `isValue`.
 */
export function encodeKeyCursor(value: string | number | Date, sortBy: string): string {
  return Buffer.from(JSON.stringify({ k: sortBy, v: value instanceof Date ? { $date: value.toISOString() } : value })).toString('base64url');
}

export function decodeKeyCursor<V>(cursor: string, sortBy: string, isValue: (value: unknown) => value is V): V {
  const position = parsedCursor(cursor) as { k?: unknown; v?: unknown };
  const value = position && typeof position === 'object' && position.k === sortBy ? decodeValue(position.v) : undefined;
  if (!isValue(value)) throw invalidCursor();
  return value;
}

function decodeValue(value: unknown): unknown {
  if (value && typeof value === 'object' && '$date' in value) {
    const date = new Date(String(value.$date));
    if (Number.isNaN(date.getTime())) throw invalidCursor();
    return date;
  }
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  throw invalidCursor();
}

/** The page size asked for, within 1..MAX_PAGE_SIZE (DTOs validate it; this is the last guard). */
export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(Math.trunc(limit), 1), MAX_PAGE_SIZE);
}
