import { findByIdChunks, IDS_PER_QUERY } from './id-lists';

/** A collection of documents `{_id: n}` that records each `$in` list asked. */
function collectionOf(count: number) {
  const lists: number[][] = [];
  const collection = {
    find<T>(filter: object) {
      const wanted = (filter as { _id: { $in: number[] } })._id.$in;
      lists.push(wanted);
      return { toArray: async () => wanted.filter((id) => id < count).map((id) => ({ _id: id }) as T) };
    },
  };
  return { collection, lists };
}

describe('findByIdChunks', () => {
  it('asks IDS_PER_QUERY ids a query and answers every document found', async () => {
    const { collection, lists } = collectionOf(400);
    const ids = Array.from({ length: 2 * IDS_PER_QUERY + 7 }, (_, i) => i * 2);
    const found = await findByIdChunks<{ _id: number }>(collection, ids);
    expect(lists.map((list) => list.length)).toEqual([IDS_PER_QUERY, IDS_PER_QUERY, 7]);
    expect(found.map((doc) => doc._id).sort((a, b) => a - b)).toEqual(ids.filter((id) => id < 400));
  });

  it('asks nothing for no ids', async () => {
    const { collection, lists } = collectionOf(10);
    expect(await findByIdChunks(collection, [])).toEqual([]);
    expect(lists).toEqual([]);
  });
});
