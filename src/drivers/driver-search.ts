import { startsWithText, type TenantQuery } from '@app/database';
import { searchKey } from './driver-search-keys';
import type { Driver } from './schemas/driver.schema';

/**
 * The list's `q` as anchored, escaped regexes on normalized fields (no `$text` on the embedded
 * server; an anchored regex uses an index prefix on MongoDB): the name from its first or last
 * name, the RUT with or without dots, the email.
 */
export function driverSearchFilter(q: string): TenantQuery<Driver> {
  const key = searchKey(q);
  const conditions: TenantQuery<Driver>[] = [
    { nameKey: startsWithText(key) },
    { lastNameKey: startsWithText(key) },
    { email: startsWithText(q.trim().toLowerCase()) },
  ];
  const rut = q.replace(/[\s.]/g, '').toUpperCase();
  if (/^\d[\d-]*K?$/.test(rut)) conditions.push({ rut: startsWithText(rut) });
  return { $or: conditions };
}
