const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, kept: building one costs far more than formatting with it. */
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(zone, format);
  }
  return format;
}

/** A moment (unix seconds) as the reports show it, in the client's zone: `dd-MM-yyyy HH:mm:ss`. */
export function formatLocalTime(unixS: number, zone: string): string {
  const part: Record<string, string> = {};
  for (const { type, value } of formatOf(zone).formatToParts(unixS * 1000)) part[type] = value;
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/** A duration in seconds as `h:mm:ss` (hours past 24 kept: `27:05:00`). */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
