/**
 * How long after its window closes a waiting task is found late: the fixes of a vehicle that got
 * there in time may still be on their way (a device sends every minute or two, a stream batches),
 * and a `task.late` told and then taken back is a false alarm someone has read.
 */
export const LATE_GRACE_MS = 5 * 60_000;

/** When the late sweep looks at a task waiting for a window that ends at `windowTo`. */
export const lateCheckAt = (windowTo: Date): Date => new Date(windowTo.getTime() + LATE_GRACE_MS);
