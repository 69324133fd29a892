import { HARSH_KINDS, type HarshKind } from '../positions';

/** The harsh event types a score counts (`harsh.<kind>`), by the rate they feed. */
export const HARSH_TYPES: ReadonlyMap<string, HarshKind> = new Map(HARSH_KINDS.map((kind) => [`harsh.${kind}`, kind]));

/** km/h over the limit of each speeding bucket. */
export const SPEEDING_MARGINS = [10, 20, 30] as const;

/** Evidence kept per row (DESIGN.md: the first 100 event ids). */
export const MAX_EVENT_IDS = 100;

/** What a score is made of, summed over fixes (and over assets for a driver). */
export interface DrivingTally {
  distanceKm: number;
  drivingSeconds: number;
  idlingSeconds: number;
  /** Seconds above the limit by more than 10, 20, 30 km/h. */
  speedingSeconds: [number, number, number];
  harsh: Record<HarshKind, number>;
  /** The harsh events' ids, oldest first, at most MAX_EVENT_IDS. */
  eventIds: string[];
}

export const emptyTally = (): DrivingTally => ({
  distanceKm: 0,
  drivingSeconds: 0,
  idlingSeconds: 0,
  speedingSeconds: [0, 0, 0],
  harsh: { acceleration: 0, braking: 0, cornering: 0 },
  eventIds: [],
});

/** `into` with `more` added (a driver's assets, an asset's days). */
export function addTally(into: DrivingTally, more: DrivingTally): DrivingTally {
  into.distanceKm += more.distanceKm;
  into.drivingSeconds += more.drivingSeconds;
  into.idlingSeconds += more.idlingSeconds;
  more.speedingSeconds.forEach((s, i) => (into.speedingSeconds[i] += s));
  for (const kind of HARSH_KINDS) into.harsh[kind] += more.harsh[kind];
  into.eventIds.push(...more.eventIds.slice(0, MAX_EVENT_IDS - into.eventIds.length));
  return into;
}

/** A stored harsh event as a score counts it (`at` unix s). */
export interface HarshEntry {
  id: string;
  type: string;
  at: number;
}

/** Counts harsh events into the tally their time belongs to (null: none, outside every span). */
export function countHarsh(entries: readonly HarshEntry[], tallyAt: (ts: number) => DrivingTally | null): void {
  for (const entry of entries) {
    const kind = HARSH_TYPES.get(entry.type);
    const tally = kind ? tallyAt(entry.at) : null;
    if (!tally || !kind) continue;
    tally.harsh[kind]++;
    if (tally.eventIds.length < MAX_EVENT_IDS) tally.eventIds.push(entry.id);
  }
}

export const harshCount = (tally: DrivingTally): number => HARSH_KINDS.reduce((sum, kind) => sum + tally.harsh[kind], 0);
