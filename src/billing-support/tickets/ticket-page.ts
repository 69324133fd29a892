import { badRequest } from '@app/errors';
import { DEFAULT_PAGE_SIZE, Page } from '@app/database';

interface Position {
  createdAt: string;
  id: string;
}

const invalidCursor = () => badRequest('cursor: not a cursor of this list (use page.nextCursor of the previous page, or start again without one)');

/** Newest first, then by id: the order of the portal's list, kept whatever order it arrives in. */
const newestFirst = (a: Position, b: Position) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1);

/**
 * One page of the portal's whole ticket list (the portal does not page). The cursor is the last
 * ticket's position (creation time and id), not an offset: a ticket created between two pages
 * does not shift the next one.
 */
export function pageOfTickets<T extends Position>(tickets: T[], { limit = DEFAULT_PAGE_SIZE, cursor }: { limit?: number; cursor?: string }): Page<T> {
  const sorted = [...tickets].sort(newestFirst);
  const after = cursor ? decode(cursor) : undefined;
  const rest = after ? sorted.filter((ticket) => newestFirst(ticket, after) > 0) : sorted;
  const items = rest.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rest.length > limit && last ? encode(last) : null };
}

function encode(ticket: Position): string {
  return Buffer.from(JSON.stringify({ t: ticket.createdAt, id: ticket.id })).toString('base64url');
}

function decode(cursor: string): Position {
  try {
    const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t?: unknown; id?: unknown } | null;
    if (typeof position?.t === 'string' && typeof position.id === 'string' && !Number.isNaN(Date.parse(position.t)))
      return { createdAt: position.t, id: position.id };
  } catch {
    // answered below
  }
  throw invalidCursor();
}
