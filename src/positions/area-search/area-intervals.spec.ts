import { IntervalFolder, MAX_INTERVALS_PER_ASSET, MAX_SILENCE_SECONDS } from './area-intervals';

const fold = (fixes: Array<[number, boolean] | 'miss'>) => {
  const folder = new IntervalFolder();
  for (const fix of fixes)
    if (fix === 'miss') folder.outside();
    else folder.fix(...fix);
  return folder.intervals();
};

describe('IntervalFolder', () => {
  it('makes one interval of consecutive fixes inside, ended by a fix outside; newest first', () => {
    expect(
      fold([
        [0, false],
        [30, true],
        [60, true],
        [90, true],
        [120, false],
        [150, true],
        [180, false],
      ]),
    ).toEqual({
      intervals: [
        { enteredAt: 150, leftAt: 150, fixes: 1 },
        { enteredAt: 30, leftAt: 90, fixes: 3 },
      ],
      truncated: false,
    });
  });

  it('splits at a silence over 15 minutes between fixes inside, not at one of exactly 15 minutes', () => {
    const silence = MAX_SILENCE_SECONDS;
    expect(
      fold([
        [0, true],
        [silence, true],
        [2 * silence + 1, true],
      ]).intervals,
    ).toEqual([
      { enteredAt: 2 * silence + 1, leftAt: 2 * silence + 1, fixes: 1 },
      { enteredAt: 0, leftAt: silence, fixes: 2 },
    ]);
  });

  it('ends an interval at a known miss (an hour skipped by its box), and ends the last one at the end', () => {
    expect(fold([[0, true], 'miss', [10, true], [20, true]]).intervals).toEqual([
      { enteredAt: 10, leftAt: 20, fixes: 2 },
      { enteredAt: 0, leftAt: 0, fixes: 1 },
    ]);
    expect(fold([[0, false], 'miss']).intervals).toEqual([]);
  });

  it('keeps the newest intervals and says when it left older ones out', () => {
    const fixes: Array<[number, boolean]> = [];
    for (let i = 0; i <= MAX_INTERVALS_PER_ASSET; i++) fixes.push([i * 60, true], [i * 60 + 30, false]);
    const { intervals, truncated } = fold(fixes);
    expect(truncated).toBe(true);
    expect(intervals).toHaveLength(MAX_INTERVALS_PER_ASSET);
    expect(intervals[0].enteredAt).toBe(MAX_INTERVALS_PER_ASSET * 60);
    expect(intervals.at(-1)!.enteredAt).toBe(60);
    expect(fold(fixes.slice(2)).truncated).toBe(false);
  });
});
