/**
 * Ids per `_id: {$in}` query when a caller reads thousands of records by id: mongo-java-server
 * matches an `$in` list in time growing with its square (31 000 cost entries in one query: 38 s;
 * in lists of 250: ~0.4 s of its CPU; of 150: ~0.3 s, the least measured — docs/performance.md,
 * "The data phase, build against build"). MongoDB itself would take longer lists.
 */
export const IDS_PER_QUERY = 150;
