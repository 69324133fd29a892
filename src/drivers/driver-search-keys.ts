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
