import { tablePartEnds } from './table-parts';

describe('tablePartEnds', () => {
  const rows = (count: number, totalsAt: number[] = []) => Array.from({ length: count }, (_, i) => (totalsAt.includes(i) ? 'total' : 'row'));
  const isTotal = (row: string) => row === 'total';

  it('keeps a table that fits in one part whole', () => {
    expect(tablePartEnds(rows(10), isTotal, 10)).toEqual([10]);
    expect(tablePartEnds(rows(0), isTotal, 10)).toEqual([0]);
  });

  it('cuts at the part size when no total row is in a part\'s second half', () => {
    expect(tablePartEnds(rows(25, [2]), isTotal, 10)).toEqual([10, 20, 25]);
  });

  it('cuts after the last total row of a part\'s second half', () => {
    // Rows 6 and 7 are totals: the first part ends after 7; the next may reach 8 + 10 = 18, its
    // second half (13–17) has the total 14.
    expect(tablePartEnds(rows(30, [6, 7, 14, 29]), isTotal, 10)).toEqual([8, 15, 25, 30]);
  });

  it('never makes a part longer than the part size, nor empty', () => {
    const table = rows(10_003, Array.from({ length: 40 }, (_, i) => i * 251 + 250));
    const ends = tablePartEnds(table, isTotal, 1_000);
    const sizes = ends.map((end, i) => end - (ends[i - 1] ?? 0));
    expect(ends[ends.length - 1]).toBe(10_003);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1_000);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
  });
});
