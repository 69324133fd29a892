/**
 * The partition of a tracker: FNV-1a of its id, modulo the partition count. Each partition is
 * owned by one instance at a time, which processes its trackers (docs/telemetry.md, "Many
 * instances"); the count is fixed for a database (the first instance stores it).
 */
export function partitionOf(trackerId: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < trackerId.length; i++) {
    hash ^= trackerId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % count;
}
