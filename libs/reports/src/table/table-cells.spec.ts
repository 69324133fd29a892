import { DateTime } from 'luxon';
import { formatDuration, formatLocalTime } from './table-cells';

describe('table cells', () => {
  it('shows a moment in the zone as luxon does, across a daylight-saving change and midnight', () => {
    // America/Santiago went back from -03 to -04 at 2026-04-05 00:00 local; and a summer midnight.
    const moments = [Date.UTC(2026, 3, 5, 2, 59, 59), Date.UTC(2026, 3, 5, 3, 0, 0), Date.UTC(2026, 3, 5, 4, 0, 0), Date.UTC(2026, 0, 15, 3, 0, 0), Date.UTC(2026, 11, 31, 23, 59, 59)].map((ms) => ms / 1000);
    for (const zone of ['America/Santiago', 'UTC', 'Asia/Kolkata']) {
      for (const unixS of moments) expect(formatLocalTime(unixS, zone)).toBe(DateTime.fromSeconds(unixS, { zone }).toFormat('dd-MM-yyyy HH:mm:ss'));
    }
  });

  it('writes durations as h:mm:ss, hours past a day kept', () => {
    expect([0, 59, 3600, 97_500].map(formatDuration)).toEqual(['0:00:00', '0:00:59', '1:00:00', '27:05:00']);
  });
});
