import { Types } from 'mongoose';
import { historyWithPending, pendingPriceAt, pendingPrices, renames, withPendingChanges, type PendingChange, type PriceValidity } from './pending-changes';

const tariffId = new Types.ObjectId();
const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute));

function change(version: number, before: [string, number], after: [string, number], minute: number, previousRecordId?: Types.ObjectId): PendingChange {
  return {
    _id: new Types.ObjectId(),
    tariffId,
    version,
    before: { name: before[0], pricePerLiter: before[1] },
    after: { name: after[0], pricePerLiter: after[1] },
    changedAt: at(minute),
    previousRecordId,
  };
}

describe('pending price changes as readers see them', () => {
  const tariff = { name: 'Diésel', pricePerLiter: 1000, priceVersion: 0, priceRecordId: new Types.ObjectId(), priceValidFrom: at(0), custom: true };

  it('applies queued changes in version order, whatever order they were read in', () => {
    const first = change(1, ['Diésel', 1000], ['Diésel flota', 1100], 10);
    const second = change(2, ['Diésel flota', 1100], ['Diésel flota', 1200], 20, first._id);
    expect(withPendingChanges(tariff, [second, first])).toEqual({
      ...tariff,
      name: 'Diésel flota',
      pricePerLiter: 1200,
      priceVersion: 2,
      priceRecordId: second._id,
      priceValidFrom: at(20),
    });
    expect(pendingPrices([second, first]).get(tariffId.toHexString())).toBe(1200);
  });

  it('skips a change the tariff already shows (completed between the two reads)', () => {
    const done = change(1, ['Diésel', 1000], ['Diésel', 1100], 10);
    const applied = { ...tariff, pricePerLiter: 1100, priceVersion: 1, priceRecordId: done._id, priceValidFrom: at(10) };
    expect(withPendingChanges(applied, [done])).toEqual(applied);
  });

  it('does not undo a rename made after the change was asked for', () => {
    const renaming = change(1, ['Diésel', 1000], ['Diésel A', 1100], 10);
    expect(renames(renaming, 'Diésel')).toBe(true);
    expect(renames(renaming, 'Diésel B')).toBe(false);
    expect(withPendingChanges({ ...tariff, name: 'Diésel B' }, [renaming])).toMatchObject({ name: 'Diésel B', pricePerLiter: 1100 });
    expect(renames(change(1, ['Diésel', 1000], ['Diésel', 1100], 10), 'Diésel')).toBe(false);
  });

  it('prices a moment by the last change begun by then', () => {
    const pending = [change(2, ['D', 1100], ['D', 1200], 20), change(1, ['D', 1000], ['D', 1100], 10)];
    expect(pendingPriceAt(pending, at(5))).toBeUndefined();
    expect(pendingPriceAt(pending, at(10))).toBe(1100);
    expect(pendingPriceAt(pending, at(30))).toBe(1200);
  });

  it('closes the replaced validity and opens the change’s, once, newest first', () => {
    const open: PriceValidity = { _id: new Types.ObjectId(), tariffId, pricePerLiter: 1000, validFrom: at(0), validTo: null };
    const first = change(1, ['D', 1000], ['D', 1100], 10, open._id);
    const second = change(2, ['D', 1100], ['D', 1200], 20, first._id);
    const opened = (c: PendingChange): PriceValidity => ({ _id: c._id, tariffId, pricePerLiter: c.after.pricePerLiter, validFrom: c.changedAt, validTo: null });
    expect(historyWithPending([open], [second, first], opened).map((r) => [r.pricePerLiter, r.validFrom, r.validTo])).toEqual([
      [1200, at(20), null],
      [1100, at(10), at(20)],
      [1000, at(0), at(10)],
    ]);
    // The first change's own steps already ran: its records stand as stored.
    const stored = [{ ...open, validTo: at(10) }, opened(first)];
    expect(historyWithPending(stored, [first], opened)).toEqual([opened(first), { ...open, validTo: at(10) }]);
    expect(historyWithPending([open], [first], () => null)).toEqual([{ ...open, validTo: at(10) }]);
  });
});
