const { join } = require('node:path');
const { encodeCursor } = require(join(__dirname, '../../dist/libs/database/src/tenancy/cursor-page.js'));

/** Bulk set-up through the driver: `insertMany` in batches of 5 000 (fast, and bounded messages). */
async function insertInBatches(collection, documents, batch = 5000) {
  for (let i = 0; i < documents.length; i += batch) await collection.insertMany(documents.slice(i, i + batch), { ordered: false });
}

const sortOf = (sortBy, direction) => (sortBy === '_id' ? { _id: direction } : { [sortBy]: direction, _id: direction });

/**
 * The cursor `page.nextCursor` holds after the list's first `offset` records (newest first, by
 * `sortBy` then `_id`; `direction` 1: oldest first): made with the app's own `encodeCursor` from the record at that position,
 * instead of following a thousand pages to get there.
 */
async function deepCursor(collection, filter, sortBy, offset, direction = -1) {
  const [record] = await collection
    .find(filter)
    .sort(sortOf(sortBy, direction))
    .skip(offset - 1)
    .limit(1)
    .toArray();
  return encodeCursor(record, sortBy);
}

/** Checks that a cursor made this way is the one the app gives: its first page's `nextCursor`, and the page after it. */
async function checkCursor(ctx, path, collection, filter, sortBy = '_id', direction = -1) {
  const get = async (url) => {
    const res = await fetch(`${ctx.baseUrl}${url}`, { headers: ctx.auth() });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return res.json();
  };
  const first = await get(path);
  const made = await deepCursor(ctx.db.collection(collection), filter, sortBy, first.data.length, direction);
  if (first.page.nextCursor !== made) throw new Error(`${path}: the cursor made from the database (${made}) is not the app's (${first.page.nextCursor})`);
  const second = await get(`${path}${path.includes('?') ? '&' : '?'}cursor=${made}`);
  const [expected] = await ctx.db.collection(collection).find(filter).sort(sortOf(sortBy, direction)).skip(first.data.length).limit(1).toArray();
  const got = second.data[0]?._id ?? second.data[0]?.id;
  if (got !== String(expected._id)) throw new Error(`${path}: the page after the cursor does not start where the database says`);
}

/**
 * A list over ~100 000 records under load at 1 and 10 connections. On mongo-java-server such a
 * list costs 0.2–0.5 s of database time (it sorts every matching record for each page), so 50
 * connections would only queue requests past autocannon's time-out. Requests still queued when
 * the figure ends are let finish before the next one starts, so that they do not slow it down.
 */
async function loadList(ctx, options) {
  const rows = await ctx.load({ connections: [1, 10], ...options });
  await new Promise((resolve) => setTimeout(resolve, Math.max(...rows.map((row) => row.p99Ms)) + 1000));
  return rows;
}

module.exports = { insertInBatches, deepCursor, checkCursor, loadList };
