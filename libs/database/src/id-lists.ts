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
 * The documents with these `_id`s, IDS_PER_QUERY a query (the next list asked while one is
 * answered), in no particular order: the thousands of ids a month of per-asset days makes.
 */
export async function findByIdChunks<T>(collection: IdFindable, ids: readonly unknown[], projection?: object): Promise<T[]> {
  const read = (first: number) => collection.find<T>({ _id: { $in: ids.slice(first, first + IDS_PER_QUERY) } }, { projection }).toArray();
  const found: T[] = [];
  let next = ids.length > 0 ? read(0) : undefined;
  for (let first = 0; next; first += IDS_PER_QUERY) {
    const answer = next;
    next = first + IDS_PER_QUERY < ids.length ? read(first + IDS_PER_QUERY) : undefined;
    found.push(...(await answer));
  }
  return found;
}
