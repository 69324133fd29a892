/** One reading of the server's clock: this process's clock before the command went and after its answer came, and the server's time in between. */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  serverTime: number;
}

/** What a set of readings says: the server's clock minus this process's, and how far off that may be. */
export interface ClockOffset {
  offsetMs: number;
  /** Half the round trip of the reading used, plus the server's millisecond: the offset is right within this. */
  uncertaintyMs: number;
}

/**
 * The offset from the reading with the shortest round trip (the one whose server time is pinned
 * down best), assuming the server read its clock halfway through the round trip. Null without
 * readings.
 */
export function offsetFrom(samples: readonly ClockSample[]): ClockOffset | null {
  const best = [...samples].sort((a, b) => a.receivedAt - a.sentAt - (b.receivedAt - b.sentAt))[0];
  if (!best) return null;
  const roundTrip = Math.max(0, best.receivedAt - best.sentAt);
  return { offsetMs: Math.round(best.serverTime - (best.sentAt + roundTrip / 2)), uncertaintyMs: Math.ceil(roundTrip / 2) + 1 };
}
