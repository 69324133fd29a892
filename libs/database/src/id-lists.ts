/**
 * Ids per `_id: {$in}` query when a caller reads thousands of records by id: mongo-java-server
 * matches an `$in` list in time growing with its square (31 000 cost entries in one query: 38 s;
 * in lists of 250: ~0.4 s of its CPU; of 150: ~0.3 s, the least measured — docs/performance.md,
 * "The data phase, build against build"). MongoDB itself would take longer lists.
 */
export const IDS_PER_QUERY = 150;

/** What `findByIdChunks` reads from: a driver collection (a mongoose model's `collection`). */
interface IdFindable {
  find<T>(filter: object, options: { projection?: object }): { toArray(): Promise<T[]> };
}

/**
 * What `read` answers for each slice of `ids`, IDS_PER_QUERY at a time (the next slice asked while
 * one is answered), together, in no particular order.
 */
export async function readInIdChunks<T>(ids: readonly unknown[], read: (slice: unknown[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  let next = ids.length > 0 ? read(ids.slice(0, IDS_PER_QUERY)) : undefined;
  for (let first = 0; next; first += IDS_PER_QUERY) {
    const answer = next;
    next = first + IDS_PER_QUERY < ids.length ? read(ids.slice(first + IDS_PER_QUERY, first + 2 * IDS_PER_QUERY)) : undefined;
    found.push(...(await answer));
  }
  return found;
}

/** The documents with these `_id`s, IDS_PER_QUERY a query: the thousands of ids a month of per-asset days makes. */
export function findByIdChunks<T>(collection: IdFindable, ids: readonly unknown[], projection?: object): Promise<T[]> {
  return readInIdChunks(ids, (slice) => collection.find<T>({ _id: { $in: slice } }, { projection }).toArray());
}
