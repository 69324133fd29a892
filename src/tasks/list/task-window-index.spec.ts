import { Types } from 'mongoose';
import { ClientTaskWindows } from './task-window-index';

const at = (hour: number) => new Date(Date.UTC(2026, 10, 23) + hour * 3_600_000);

describe('ClientTaskWindows', () => {
  // Three tasks starting at 9 (ties broken by id), one at 8 ending at 9, one the day after.
  const ids = Array.from({ length: 5 }, () => new Types.ObjectId());
  const tasks = [
    { _id: ids[3], windowFrom: at(9), windowTo: at(10) },
    { _id: ids[0], windowFrom: at(9), windowTo: at(11) },
    { _id: ids[4], windowFrom: at(33), windowTo: at(34) },
    { _id: ids[1], windowFrom: at(8), windowTo: at(9) },
    { _id: ids[2], windowFrom: at(9), windowTo: at(12) },
  ];
  const windows = new ClientTaskWindows(tasks);
  const hex = (...which: number[]) => which.map((i) => ids[i].toHexString());

  it('answers the tasks overlapping a period by window start, then id', () => {
    expect([...windows.overlapping(undefined, undefined)]).toEqual(hex(1, 0, 2, 3, 4));
    expect([...windows.overlapping(at(0), at(23))]).toEqual(hex(1, 0, 2, 3));
    // Ends at or after `from`, begins at or before `to`.
    expect([...windows.overlapping(at(9), at(9))]).toEqual(hex(1, 0, 2, 3));
    expect([...windows.overlapping(at(10.5), at(23))]).toEqual(hex(0, 2));
  });

  it('starts after a position among tasks of the same start, and after the last one', () => {
    expect([...windows.overlapping(at(0), at(23), { from: at(9), id: ids[0] })]).toEqual(hex(2, 3));
    expect([...windows.overlapping(at(0), at(23), { from: at(8.5), id: ids[4] })]).toEqual(hex(0, 2, 3));
    expect([...windows.overlapping(undefined, undefined, { from: at(33), id: ids[4] })]).toEqual([]);
  });
});
