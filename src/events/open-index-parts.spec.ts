import { OpenIndexParts } from './open-index-parts';

describe('OpenIndexParts', () => {
  it('appends to part 0 of an hour it has not seen, and looks after a tenth of a part', () => {
    const parts = new OpenIndexParts(100);
    expect(parts.partOf('c|0')).toBe(0);
    expect(parts.wrote('c|0', 0, 9)).toBe(false);
    expect(parts.wrote('c|0', 0, 1)).toBe(true);
  });

  it('opens the next part once the one it writes is full, announcing it first', () => {
    const parts = new OpenIndexParts(100);
    parts.wrote('c|0', 0, 10);
    expect(parts.decide('c|0', { parts: 1, count: 99 })).toEqual({ part: 0, announce: false });
    expect(parts.decide('c|0', { parts: 1, count: 100 })).toEqual({ part: 1, announce: true });
    parts.use('c|0', 1);
    expect(parts.partOf('c|0')).toBe(1);
    expect(parts.wrote('c|0', 0, 5)).toBe(false); // counted again from the move
  });

  it('follows a part another instance opened', () => {
    const parts = new OpenIndexParts(100);
    parts.wrote('c|0', 0, 10);
    expect(parts.decide('c|0', { parts: 3, count: 130 })).toEqual({ part: 2, announce: false });
  });

  it('forgets the hours before a time', () => {
    const parts = new OpenIndexParts(100);
    parts.wrote('a', 0, 1);
    parts.wrote('b', 3600, 1);
    parts.forgetBefore(3600);
    expect(parts.size).toBe(1);
  });
});
