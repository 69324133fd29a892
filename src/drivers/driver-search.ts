import { startsWithText, type TenantQuery } from '@app/database';
import type { Driver } from './schemas/driver.schema';

/** Text as the list searches it: lower case, accents and repeated spaces gone (`" José  Muñoz"` → `"jose munoz"`). */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The stored search keys of a driver (see the schema): kept beside the fields they come from. */
export function driverSearchKeys(driver: { firstName?: string; lastName?: string; city?: string | null }): {
  nameKey: string;
  lastNameKey: string;
  cityKey?: string;
} {
  const keys = { nameKey: searchKey(`${driver.firstName ?? ''} ${driver.lastName ?? ''}`), lastNameKey: searchKey(driver.lastName ?? '') };
  return driver.city ? { ...keys, cityKey: searchKey(driver.city) } : keys;
}

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
