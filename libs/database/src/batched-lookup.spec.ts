import { BatchedLookup } from './batched-lookup';

interface Row {
  key: string;
  value: number;
}

function lookupOver(rows: Row[]) {
  const queries: string[][] = [];
  const lookup = new BatchedLookup<Row>(
    async (keys) => {
      queries.push(keys);
      if (keys.includes('fail')) throw new Error('database down');
      return rows.filter((row) => keys.includes(row.key));
    },
    (row) => row.key,
  );
  return { lookup, queries };
}

describe('BatchedLookup', () => {
  const rows = [
    { key: 'a', value: 1 },
    { key: 'b', value: 2 },
  ];

  it('answers the keys asked in one turn with one query, each caller with its own record or null', async () => {
    const { lookup, queries } = lookupOver(rows);
    const answers = await Promise.all([lookup.find('a'), lookup.find('b'), lookup.find('a'), lookup.find('zzz')]);
    expect(answers).toEqual([rows[0], rows[1], rows[0], null]);
    expect(queries).toEqual([['a', 'b', 'zzz']]);
  });

  it('queries again in a later turn (nothing is cached)', async () => {
    const { lookup, queries } = lookupOver(rows);
    await lookup.find('a');
    await lookup.find('a');
    expect(queries).toEqual([['a'], ['a']]);
  });

  it('rejects every caller of a failed query, and the next turn works again', async () => {
    const { lookup } = lookupOver(rows);
    const failed = Promise.allSettled([lookup.find('a'), lookup.find('fail')]);
    expect((await failed).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(lookup.find('b')).resolves.toEqual(rows[1]);
  });

  it('splits a very large turn into bounded queries', async () => {
    const many = Array.from({ length: 2500 }, (_, index) => ({ key: `k${index}`, value: index }));
    const { lookup, queries } = lookupOver(many);
    const answers = await Promise.all(many.map((row) => lookup.find(row.key)));
    expect(answers).toEqual(many);
    expect(queries.map((keys) => keys.length)).toEqual([1000, 1000, 500]);
  });
});
