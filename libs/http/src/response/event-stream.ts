import type { Request, Response } from 'express';

export interface EventStreamOptions {
  /** A `: heartbeat` comment when nothing was written for about this long. */
  heartbeatMs: number;
  /** The stream ends after this long; the browser's EventSource reconnects (with `Last-Event-ID`). */
  lifetimeMs: number;
  /** A client that has not read this much of what was sent is cut off (it reconnects and catches up). */
  maxUnreadBytes: number;
  /** The reconnection delay the client is told (`retry:`). */
  retryMs: number;
}

/** One open Server-Sent Events answer: frames written in one burst per event-loop turn, ended once. */
export interface EventStream {
  /** Queues a frame (`event: …\ndata: …\n\n` or a `: comment\n\n`); a turn's frames go out in one write. */
  write(chunk: string): void;
  /** Ends the stream (idempotent): the `onEnd` callbacks run, the answer ends. */
  end(): void;
  /** Runs when the stream ends for whatever reason (client gone, lifetime, `end`). */
  onEnd(callback: () => void): void;
  readonly ended: boolean;
}

/** One `event:`/`data:` frame (with `id:` when given), the framing every stream of the API uses. */
export function sseFrame(event: string, data: unknown, id?: string | number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Turns an Express answer into a Server-Sent Events stream: the headers (no buffering by
 * proxies, no caching), `retry:`, a heartbeat comment when idle, an end after `lifetimeMs`, a cut
 * when the client reads too slowly, and the end on disconnect. Frames written in one event-loop
 * turn go out in one write: 1 000 updates to 200 clients are 200 writes, not 200 000
 * (docs/performance.md, "Live positions and tracks"). The positions stream and the inbox stream both use it.
 */
export function openEventStream(req: Request, res: Response, options: EventStreamOptions): EventStream {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Accel-Buffering', 'no'); // nginx: pass each event on at once
  res.setHeader('Connection', 'keep-alive');
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);
  res.flushHeaders();

  let lastWrite = Date.now();
  let burst: string[] = [];
  let ended = false;
  const callbacks: Array<() => void> = [];
  const flush = () => {
    const chunk = burst.join('');
    burst = [];
    if (res.writableEnded || chunk === '') return;
    if (res.writableLength > options.maxUnreadBytes) return end();
    res.write(chunk);
    lastWrite = Date.now();
  };
  const write = (chunk: string) => {
    if (ended) return;
    if (burst.push(chunk) === 1) setImmediate(flush);
  };
  const heartbeat = setInterval(() => {
    if (Date.now() - lastWrite >= options.heartbeatMs * 0.9) write(': heartbeat\n\n');
  }, options.heartbeatMs);
  const lifetime = setTimeout(() => end(), options.lifetimeMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    for (const callback of callbacks.splice(0)) callback();
    if (!res.writableEnded) res.end();
  };
  res.on('close', end);
  write(`retry: ${options.retryMs}\n\n`);
  return {
    write,
    end,
    onEnd: (callback) => (ended ? callback() : void callbacks.push(callback)),
    get ended() {
      return ended;
    },
  };
}
