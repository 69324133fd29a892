import type { DestinationStream } from 'pino';
import SonicBoom from 'sonic-boom';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const onExit = require('on-exit-leak-free') as ExitHooks;

/** on-exit-leak-free (pino's own exit hook): holds its object weakly, so a closed app can go. */
interface ExitHooks {
  register<T extends object>(object: T, flush: (object: T) => void): void;
}

/**
 * Log lines gathered in memory and handed to sonic-boom, the file descriptor's writer, a few KiB
 * at a time. sonic-boom's own `minLength` gathers by appending each line to one string and
 * measuring that whole string's bytes on every line, which copies it flat each time: ~25 µs of a
 * request line in the app, against next to nothing here, where a line costs an array push
 * (docs/performance.md, "The request path, layer by layer").
 */
export class LineBatcher implements DestinationStream {
  private lines: string[] = [];
  /** Characters gathered: the bytes of ASCII lines, near enough for a batch's size otherwise. */
  private gathered = 0;
  private readonly writer: SonicBoom;

  constructor(
    fd: number,
    private readonly batchBytes: number,
  ) {
    this.writer = new SonicBoom({ fd, sync: false });
    // A normal exit writes what is gathered (a SIGKILL loses it, as it loses sonic-boom's buffer).
    onExit.register(this, (batcher) => batcher.flushSync());
  }

  write(line: string): void {
    this.lines.push(line);
    this.gathered += line.length;
    if (this.gathered >= this.batchBytes) this.flush();
  }

  /** Hands the gathered lines to the writer, which writes them asynchronously (pino's `flush(cb)` is answered then). */
  flush(callback?: (error?: Error) => void): void {
    if (this.lines.length > 0) {
      const text = this.lines.join('');
      this.lines = [];
      this.gathered = 0;
      this.writer.write(text);
    }
    callback?.();
  }

  /** Writes everything now: the process is exiting. */
  flushSync(): void {
    this.flush();
    try {
      this.writer.flushSync();
    } catch {
      // a write under way (sonic-boom finishes it) or a descriptor already closed
    }
  }
}
