import { claimRounds } from './claim-rounds';

describe('claimRounds', () => {
  const rounds = (claims: Array<[string, number]>) =>
    claimRounds(
      claims,
      ([key]) => key,
      ([, at]) => at,
    ).map((round) => round.map(([key, at]) => `${key}@${at}`));

  it('is one round when every key comes once, whatever the order', () => {
    expect(
      rounds([
        ['b', 5],
        ['a', 9],
        ['c', 1],
      ]),
    ).toEqual([['c@1', 'b@5', 'a@9']]);
  });

  it('puts a key’s later claims in later rounds, in time order', () => {
    expect(
      rounds([
        ['a', 30],
        ['b', 20],
        ['a', 10],
        ['a', 20],
      ]),
    ).toEqual([['a@10', 'b@20'], ['a@20'], ['a@30']]);
  });

  it('is no round for no claim', () => expect(rounds([])).toEqual([]));
});
