/** What a check of a client's hour read: part 0's count of parts, and how many entries the part this instance writes holds. */
export interface PartsSeen {
  parts: number;
  count: number;
}

interface OpenPart {
  part: number;
  start: number;
  sinceCheck: number;
}

/**
 * Which part of each client's hour this instance appends index entries to, and when to look again
 * whether that part is full. A part is looked at after every tenth of a part's entries this
 * instance wrote to it (not at every write: most batches then cost no read); full, the next part is
 * opened — announced on part 0 (`parts`) before anything is written to it, so a reader that finds
 * an entry there knows to read it. Other instances learn of it at their next look. So a part holds
 * at most about `partEntries` plus, per writing instance, a tenth of that and one batch's entries.
 */
export class OpenIndexParts {
  private readonly open = new Map<string, OpenPart>();
  private readonly checkEvery: number;

  constructor(private readonly partEntries: number) {
    this.checkEvery = Math.max(1, Math.floor(partEntries / 10));
  }

  /** The part to append to (0 for an hour this instance has not written yet). */
  partOf(key: string): number {
    return this.open.get(key)?.part ?? 0;
  }

  /** `entries` appended to the hour's current part; answers whether it is time to look at it. */
  wrote(key: string, start: number, entries: number): boolean {
    const open = this.open.get(key) ?? { part: 0, start, sinceCheck: 0 };
    open.sinceCheck += entries;
    this.open.set(key, open);
    return open.sinceCheck >= this.checkEvery;
  }

  /** After a look: the part to append to from now on, and whether it is a new one to announce (`parts` = part + 1) first. */
  decide(key: string, seen: PartsSeen): { part: number; announce: boolean } {
    const current = this.partOf(key);
    if (seen.parts - 1 > current) return { part: seen.parts - 1, announce: false };
    if (seen.count >= this.partEntries) return { part: current + 1, announce: true };
    return { part: current, announce: false };
  }

  /** Appends go to `part` from now on (once announced, if new). */
  use(key: string, part: number): void {
    const open = this.open.get(key);
    if (open) Object.assign(open, { part, sinceCheck: 0 });
  }

  /** Forgets the hours that started before `start` (they get no more entries, or few: late events). */
  forgetBefore(start: number): void {
    for (const [key, open] of this.open) if (open.start < start) this.open.delete(key);
  }

  get size(): number {
    return this.open.size;
  }
}
