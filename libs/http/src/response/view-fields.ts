/**
 * `record`'s `keys` as a view answers them: a field the record does not have (never set, or stored
 * before the field existed) is `null`, never left out.
 */
export function orNull<T extends object, K extends keyof T>(record: T, ...keys: K[]): { [P in K]-?: Exclude<T[P], undefined> | null } {
  return Object.fromEntries(keys.map((key) => [key, record[key] ?? null])) as { [P in K]-?: Exclude<T[P], undefined> | null };
}

/** When a record was created and last changed, the two fields a view of a timestamped record ends with. */
export function recordTimes(record: { createdAt: Date; updatedAt: Date }): { createdAt: Date; updatedAt: Date } {
  return { createdAt: record.createdAt, updatedAt: record.updatedAt };
}
