import type { Types } from 'mongoose';

/**
 * What readers see of a tariff's pending price changes. A change is committed when its record is
 * written and will be finished (by its run or the resume), so readers take it as done: the tariff
 * at its new name and price, the price history with its validity, costs at its price — never the
 * old price beside the new one while the re-valuation runs. Pure: the reads are the callers'.
 */
export interface PendingChange {
  _id: Types.ObjectId;
  tariffId: Types.ObjectId;
  version: number;
  before: { name: string; pricePerLiter: number };
  after: { name: string; pricePerLiter: number };
  changedAt: Date;
  previousRecordId?: Types.ObjectId;
}

export interface TariffPriceState {
  name: string;
  pricePerLiter: number;
  priceVersion: number;
  priceRecordId?: Types.ObjectId;
  priceValidFrom?: Date | null;
}

/**
 * Whether applying `change` renames a tariff now named `currentName`: only if the change renamed
 * it and nobody renamed it since the change was asked for (a later rename is not undone).
 */
export function renames(change: Pick<PendingChange, 'before' | 'after'>, currentName: string): boolean {
  return change.after.name !== change.before.name && currentName === change.before.name;
}

/** The tariff with its pending changes applied in version order (those it already shows skipped). */
export function withPendingChanges<T extends TariffPriceState>(tariff: T, pending: readonly PendingChange[]): T {
  let state = tariff;
  for (const change of byVersion(pending)) {
    if (change.version <= state.priceVersion) continue;
    state = {
      ...state,
      name: renames(change, state.name) ? change.after.name : state.name,
      pricePerLiter: change.after.pricePerLiter,
      priceVersion: change.version,
      priceRecordId: change._id,
      priceValidFrom: change.changedAt,
    };
  }
  return state;
}

/** The price the last pending change sets, by tariff id (hex): the price of all of its costs. */
export function pendingPrices(pending: readonly PendingChange[]): Map<string, number> {
  return new Map(byVersion(pending).map((change) => [change.tariffId.toHexString(), change.after.pricePerLiter]));
}

/** A tariff's price at `at` by its pending changes (the last begun by then); undefined: the stored validities tell. */
export function pendingPriceAt(pending: readonly PendingChange[], at: Date): number | undefined {
  return byVersion(pending)
    .filter((change) => change.changedAt.getTime() <= at.getTime())
    .at(-1)?.after.pricePerLiter;
}

export interface PriceValidity {
  _id: Types.ObjectId;
  tariffId?: Types.ObjectId | null;
  pricePerLiter: number;
  validFrom: Date;
  validTo: Date | null;
}

/**
 * A price history with the validities pending changes open and close (a change's record has its
 * `_id`); `opened(change)` makes the record a change opens, or null to leave it out (another grade).
 * Newest `validFrom` first, ties newest record first.
 */
export function historyWithPending<R extends PriceValidity>(
  records: readonly R[],
  pending: readonly PendingChange[],
  opened: (change: PendingChange) => R | null,
): R[] {
  const history = [...records];
  for (const change of byVersion(pending)) {
    const previous = history.findIndex((record) => change.previousRecordId?.equals(record._id) && record.validTo === null);
    if (previous >= 0) history[previous] = { ...history[previous], validTo: change.changedAt };
    if (history.some((record) => record._id.equals(change._id))) continue;
    const record = opened(change);
    if (record) history.push(record);
  }
  return history.sort((a, b) => b.validFrom.getTime() - a.validFrom.getTime() || b._id.toHexString().localeCompare(a._id.toHexString()));
}

function byVersion(pending: readonly PendingChange[]): PendingChange[] {
  return [...pending].sort((a, b) => a.version - b.version);
}
