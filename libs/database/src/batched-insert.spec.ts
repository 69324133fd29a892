import { BatchedInsert } from './batched-insert';

function insertInto(writeErrorAt?: number) {
  const calls: Array<{ documents: string[]; options: object }> = [];
  const inserts = new BatchedInsert<string>({
    async insertMany(documents, options) {
      calls.push({ documents, options });
      if (documents.includes('down')) throw new Error('database down');
      if (writeErrorAt !== undefined) throw Object.assign(new Error('duplicate key'), { writeErrors: [{ index: writeErrorAt }] });
    },
  });
  return { inserts, calls };
}

describe('BatchedInsert', () => {
  it('writes the documents of one turn with one unordered insertMany, resolving each once stored', async () => {
    const { inserts, calls } = insertInto();
    await Promise.all([inserts.insert('a'), inserts.insert('b'), inserts.insert('c')]);
    expect(calls).toEqual([{ documents: ['a', 'b', 'c'], options: { ordered: false } }]);
  });

  it('writes again in a later turn', async () => {
    const { inserts, calls } = insertInto();
    await inserts.insert('a');
    await inserts.insert('b');
    expect(calls.map((call) => call.documents)).toEqual([['a'], ['b']]);
  });

  it('rejects only the callers whose document was refused', async () => {
    const { inserts } = insertInto(1);
    const outcomes = await Promise.allSettled([inserts.insert('a'), inserts.insert('dup'), inserts.insert('c')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('rejects every caller of the batch when the write itself fails', async () => {
    const { inserts } = insertInto();
    const outcomes = await Promise.allSettled([inserts.insert('a'), inserts.insert('down')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });
});
