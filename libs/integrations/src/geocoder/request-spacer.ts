/**
 * Spaces calls at least `intervalMs` apart across the process (Nominatim's usage policy: at
 * most one request per second). A caller that would wait longer than it can afford is told so
 * at once instead of queueing.
 */
export class RequestSpacer {
  private nextSlot = 0;

  constructor(private readonly intervalMs: number) {}

  /** Waits for a slot; false (without taking one) when the slot is more than `maxWaitMs` away. */
  async acquire(maxWaitMs: number): Promise<boolean> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    if (slot - now > maxWaitMs) return false;
    this.nextSlot = slot + this.intervalMs;
    // Timers may fire a millisecond early: wait until the slot has really come.
    while (Date.now() < slot) await new Promise((resolve) => setTimeout(resolve, slot - Date.now()));
    return true;
  }
}
