import { DateTime } from 'luxon';
import { formatDuration, formatLocalTime } from './table-cells';

describe('table cells', () => {
  it('shows a moment in the zone as luxon does, across a daylight-saving change and midnight', () => {
    // America/Santiago went back from -03 to -04 at 2026-04-05 00:00 local; and a summer midnight.
    const moments = [
      Date.UTC(2026, 3, 5, 2, 59, 59),
      Date.UTC(2026, 3, 5, 3, 0, 0),
      Date.UTC(2026, 3, 5, 4, 0, 0),
      Date.UTC(2026, 0, 15, 3, 0, 0),
      Date.UTC(2026, 11, 31, 23, 59, 59),
    ].map((ms) => ms / 1000);
    for (const zone of ['America/Santiago', 'UTC', 'Asia/Kolkata']) {
      for (const unixS of moments) expect(formatLocalTime(unixS, zone)).toBe(DateTime.fromSeconds(unixS, { zone }).toFormat('dd-MM-yyyy HH:mm:ss'));
    }
  });

  it('agrees with luxon every 28 minutes 53 seconds across a year, in zones with quarter-hour and half-hour offsets and changes', () => {
    const zones = ['America/Santiago', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/Madrid'];
    const wrong: string[] = [];
    for (const zone of zones) {
      for (let unixS = Date.UTC(2026, 0, 1) / 1000; unixS < Date.UTC(2027, 0, 1) / 1000; unixS += 1733) {
        const expected = DateTime.fromSeconds(unixS, { zone }).toFormat('dd-MM-yyyy HH:mm:ss');
        if (formatLocalTime(unixS, zone) !== expected) wrong.push(`${zone} ${unixS}: ${formatLocalTime(unixS, zone)} ≠ ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('writes every second around Santiago’s two changes of 2026 as luxon does', () => {
    for (const change of [Date.UTC(2026, 3, 5, 3), Date.UTC(2026, 8, 6, 4)]) {
      const wrong: number[] = [];
      for (let unixS = change / 1000 - 1800; unixS <= change / 1000 + 1800; unixS++) {
        if (formatLocalTime(unixS, 'America/Santiago') !== DateTime.fromSeconds(unixS, { zone: 'America/Santiago' }).toFormat('dd-MM-yyyy HH:mm:ss'))
          wrong.push(unixS);
      }
      expect(wrong).toEqual([]);
    }
  });

  it('writes durations as h:mm:ss, hours past a day kept', () => {
    expect([0, 59, 3600, 97_500].map(formatDuration)).toEqual(['0:00:00', '0:00:59', '1:00:00', '27:05:00']);
  });
});
