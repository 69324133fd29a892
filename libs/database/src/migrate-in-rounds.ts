/**
 * A data migration in rounds (a boot's backfill): `next(limit)` reads up to `limit` records still
 * to convert, `convert` writes them and answers how many it changed; again until none is left.
 * A round that changes nothing ends it, since its records would be read again forever. Answers
 * how many were changed.
 */
export async function migrateInRounds<T>(limit: number, next: (limit: number) => Promise<T[]>, convert: (records: T[]) => Promise<number>): Promise<number> {
  let changed = 0;
  for (;;) {
    const records = await next(limit);
    if (records.length === 0) return changed;
    const round = await convert(records);
    changed += round;
    if (round === 0) return changed;
  }
}
