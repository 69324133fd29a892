/**
 * The rounds in which a batch's cooldown claims are written: one bulk write per round, the first
 * claim of each key (a rule and an asset) in the first, its second in the next, and so on, each
 * key's claims in time order — a claim must see the outcome of the one before on the same record,
 * while claims on different records go together. Most batches need one round.
 */
export function claimRounds<T>(claims: readonly T[], keyOf: (claim: T) => string, timeOf: (claim: T) => number): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const claim of [...claims].sort((a, b) => timeOf(a) - timeOf(b))) {
    const key = keyOf(claim);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (rounds[round] ??= []).push(claim);
  }
  return rounds;
}
