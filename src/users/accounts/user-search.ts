import { Types } from 'mongoose';
import type { User } from '@app/auth';
import { containsText, type TenantQuery } from '@app/database';
import { ListUsersQueryDto } from './dto/list-users-query.dto';

/**
 * The user list's filters as a query. `q` matches anywhere in the name or email, any case: an
 * unanchored pattern scans the client's users, which is fine for the few hundred a client has
 * (DESIGN.md keeps index-backed lookups for the busy paths).
 */
export function userListFilter(query: ListUsersQueryDto): TenantQuery<User> {
  const filter: TenantQuery<User> = {};
  if (query.q) {
    const pattern = containsText(query.q);
    filter.$or = [{ name: pattern }, { email: pattern }];
  }
  if (query.roleId) filter.roleId = new Types.ObjectId(query.roleId);
  if (query.disabled !== undefined) filter.active = !query.disabled;
  return filter;
}
