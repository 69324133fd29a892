import { Presets, SingleBar } from 'cli-progress';

/** A progress display for long commands, or nothing at all. */
export interface Progress {
  update(value: number, total?: number): void;
  stop(): void;
}

const SILENT: Progress = { update: () => undefined, stop: () => undefined };

/**
 * A progress bar on stderr while a long command runs (`seed-demo`, `import-messages`), shown only
 * when stderr is a terminal: stdout stays the JSON result, and logs or pipes get no bar codes.
 * Without a known total (a streamed file) it counts instead.
 */
export function progressOnStderr(label: string, options: { total?: number; unit: string }): Progress {
  if (!process.stderr.isTTY) return SILENT;
  const format =
    options.total === undefined
      ? `${label} {value} ${options.unit} | {duration_formatted}`
      : `${label} [{bar}] {value}/{total} ${options.unit} | {duration_formatted}`;
  const bar = new SingleBar({ format, stream: process.stderr, hideCursor: true, clearOnComplete: false }, Presets.shades_classic);
  bar.start(options.total ?? 0, 0);
  return {
    update: (value, total) => {
      if (total !== undefined) bar.setTotal(total);
      bar.update(value);
    },
    stop: () => bar.stop(),
  };
}
