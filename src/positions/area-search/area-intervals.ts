/** A stay inside the area, unix seconds: its first and last fix inside, and how many fixes inside. */
export interface AreaInterval {
  enteredAt: number;
  leftAt: number;
  fixes: number;
}

/**
 * Two fixes inside further apart than this are two intervals: an interval only claims a presence
 * that fixes show (a device silent for a quarter of an hour may have left and come back; a
 * parked device that sleeps shows as several intervals, each with its fixes).
 */
export const MAX_SILENCE_SECONDS = 15 * 60;

/** The most intervals an asset's answer lists (the newest); over it the answer says `truncated`. */
export const MAX_INTERVALS_PER_ASSET = 1_000;

/**
 * Folds time-ordered fixes into intervals: consecutive fixes inside are one interval; a fix
 * outside, a known break (`outside`) or a silence over MAX_SILENCE_SECONDS ends it.
 */
export class IntervalFolder {
  private readonly done: AreaInterval[] = [];
  private open: AreaInterval | null = null;

  /** A fix at `ts`, inside the area or not. */
  fix(ts: number, inside: boolean): void {
    if (!inside) {
      this.outside();
      return;
    }
    const open = this.open;
    if (open && ts - open.leftAt <= MAX_SILENCE_SECONDS) {
      open.leftAt = ts;
      open.fixes++;
      return;
    }
    this.outside();
    this.open = { enteredAt: ts, leftAt: ts, fixes: 1 };
  }

  /** The vehicle was outside here (fixes not read, known to miss the area). */
  outside(): void {
    if (this.open) this.done.push(this.open);
    this.open = null;
  }

  /** The intervals, newest first, at most MAX_INTERVALS_PER_ASSET of them. */
  intervals(): { intervals: AreaInterval[]; truncated: boolean } {
    this.outside();
    const all = this.done;
    return { intervals: all.slice(-MAX_INTERVALS_PER_ASSET).reverse(), truncated: all.length > MAX_INTERVALS_PER_ASSET };
  }
}
