import type { Job } from './job.schema';
import type { JobRegistration } from './job-registration';

/**
 * The due jobs a claim pass tries to take: no more of a name than its handler has free slots.
 * Marks `backlog` on the registrations that may have due jobs left behind.
 */
export async function chooseDueJobs(
  handlers: ReadonlyMap<string, JobRegistration>,
  readDue: (names: string[], limit: number) => Promise<Job[]>,
): Promise<Array<{ candidate: Job; registration: JobRegistration }>> {
  const chosen: Array<{ candidate: Job; registration: JobRegistration }> = [];
  const chosenIds = new Set<string>();
  const taken = new Map<JobRegistration, number>();
  const roomOf = (registration: JobRegistration) => registration.concurrency - registration.running - (taken.get(registration) ?? 0);
  for (const registration of handlers.values()) if (roomOf(registration) <= 0) registration.backlog = true;
  let names = [...handlers].filter(([, registration]) => roomOf(registration) > 0).map(([name]) => name);
  // Oldest first across names; a name with more due than room (a burst of deliveries) is left out
  // of a second read, so it cannot keep the others' due jobs (mail, an alert's delay) waiting.
  for (let reads = 0; names.length > 0 && reads < 2; reads++) {
    const full = new Set<string>();
    const limit = names.reduce((sum, name) => sum + roomOf(handlers.get(name)!), 0);
    const candidates = await readDue(names, limit);
    for (const candidate of candidates) {
      if (chosenIds.has(candidate._id)) continue;
      const registration = handlers.get(candidate.name)!;
      if (roomOf(registration) <= 0) {
        full.add(candidate.name);
        continue;
      }
      taken.set(registration, (taken.get(registration) ?? 0) + 1);
      chosen.push({ candidate, registration });
      chosenIds.add(candidate._id);
    }
    // Left behind: a name with more due than room, or any name when the read stopped at its limit.
    for (const name of names) handlers.get(name)!.backlog = full.has(name) || candidates.length >= limit;
    if (full.size === 0) break;
    names = names.filter((name) => !full.has(name) && roomOf(handlers.get(name)!) > 0);
  }
  return chosen;
}
