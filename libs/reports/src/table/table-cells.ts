import { DateTime } from 'luxon';

/** A moment (unix seconds) as the reports show it, in the client's zone: `dd-MM-yyyy HH:mm:ss`. */
export function formatLocalTime(unixS: number, zone: string): string {
  return DateTime.fromSeconds(unixS, { zone }).toFormat('dd-MM-yyyy HH:mm:ss');
}

/** A duration in seconds as `h:mm:ss` (hours past 24 kept: `27:05:00`). */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
