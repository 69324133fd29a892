import { Types } from 'mongoose';
import type { User } from '@app/auth';
import type { TenantQuery } from '@app/database';
import { ListUsersQueryDto } from './dto/list-users-query.dto';

/** The text as a literal pattern: a search for `a.b` finds "a.b", not "axb". */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The user list's filters as a query. `q` matches anywhere in the name or email, any case: an
 * unanchored pattern scans the client's users, which is fine for the few hundred a client has
 * (DESIGN.md keeps index-backed lookups for the busy paths).
 */
export function userListFilter(query: ListUsersQueryDto): TenantQuery<User> {
  const filter: Record<string, unknown> = {};
  if (query.q) {
    const pattern = new RegExp(literal(query.q), 'i');
    filter.$or = [{ name: pattern }, { email: pattern }];
  }
  if (query.roleId) filter.roleId = new Types.ObjectId(query.roleId);
  if (query.disabled !== undefined) filter.active = !query.disabled;
  return filter as TenantQuery<User>;
}
