import { migrateInRounds } from './migrate-in-rounds';

describe('migrateInRounds', () => {
  it('converts round after round until nothing is left, and answers how many changed', async () => {
    let left = [1, 2, 3, 4, 5];
    const limits: number[] = [];
    const changed = await migrateInRounds(
      2,
      async (limit) => (limits.push(limit), left.slice(0, limit)),
      async (records) => ((left = left.filter((record) => !records.includes(record))), records.length),
    );
    expect(changed).toBe(5);
    expect(limits).toEqual([2, 2, 2, 2]);
  });

  it('stops at a round that changes nothing instead of reading the same records forever', async () => {
    let rounds = 0;
    expect(
      await migrateInRounds(
        10,
        async () => (rounds++, [1, 2]),
        async () => 0,
      ),
    ).toBe(0);
    expect(rounds).toBe(1);
  });
});
