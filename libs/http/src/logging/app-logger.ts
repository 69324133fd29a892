import type { LoggerService, LogLevel, OnApplicationShutdown } from '@nestjs/common';
import pino, { Logger as PinoLogger } from 'pino';
import pretty from 'pino-pretty';
import { LineBatcher } from './line-batcher';

export interface AppLoggerOptions {
  level: string;
  destination?: 'stdout' | 'stderr';
  /** `pretty`: coloured lines for a person (pino-pretty); `json`: one object a line. Unset: pretty when the destination is a terminal. */
  format?: 'json' | 'pretty';
  /** Replaces the destination (tests read the lines back). */
  stream?: pino.DestinationStream;
}

const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_INTERVAL_MS = 1000;

const PINO_LEVEL: Record<LogLevel, pino.Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * The process's one pino logger (JSON lines, buffered asynchronous writes), also serving as Nest's
 * logger so that framework and service messages come out in the same format as request lines.
 * Nest passes `(message, ...params, context)`; an object message is merged into the line.
 */
export class AppLogger implements LoggerService, OnApplicationShutdown {
  readonly pino: PinoLogger;
  private flushTimer: NodeJS.Timeout | undefined;
  private batcher: LineBatcher | undefined;
  /** The time of the line being written when it is not now: a start-up line logged before this logger existed (`writeAt`). */
  private lineTime: number | undefined;

  constructor({ level, destination = 'stdout', format, stream }: AppLoggerOptions) {
    const fd = destination === 'stderr' ? 2 : 1;
    const terminal = (fd === 2 ? process.stderr : process.stdout).isTTY;
    const humanReader = format === 'pretty' || (format === undefined && !stream && terminal);
    // pino-pretty as a stream in this thread (no transport worker): a terminal reader is a person
    // at a development machine, where formatting each line costs nothing that matters.
    const target =
      humanReader && !stream
        ? pretty({
            destination: fd,
            colorize: terminal,
            translateTime: 'SYS:HH:MM:ss.l',
            ignore: 'pid,hostname,context',
            messageFormat: '{if context}[{context}] {end}{msg}',
            sync: false,
          })
        : undefined;
    this.pino = pino({ level, timestamp: () => `,"time":${this.lineTime ?? Date.now()}` }, stream ?? target ?? this.bufferedDestination(fd));
  }

  /**
   * JSON lines gathered up to 4 KiB per write instead of a write per line: the request line's
   * write was two thirds of its cost (docs/performance.md, "The request path, layer by layer").
   * A quiet server's lines still leave within a second, and what is gathered is written when the
   * process exits; a SIGKILL loses at most the last second's lines.
   */
  private bufferedDestination(fd: number): pino.DestinationStream {
    const batcher = new LineBatcher(fd, LOG_BUFFER_BYTES);
    this.batcher = batcher;
    this.flushTimer = setInterval(() => batcher.flush(), LOG_FLUSH_INTERVAL_MS).unref();
    return batcher;
  }

  /**
   * The app is closing: what is buffered is written and the timer stops. A timer left running
   * keeps the logger and everything its module reaches alive: in the tests, each file's whole app.
   * Lines logged after this still leave when the buffer fills or the process exits.
   */
  onApplicationShutdown(): void {
    clearInterval(this.flushTimer);
    try {
      this.flush();
    } catch {
      // a destination already closed: what was gathered is written
    }
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('log', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('verbose', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** A line logged at `time` (epoch ms) before this logger existed, written now with its own time. */
  writeAt(time: number, level: LogLevel, message: unknown, params: unknown[]): void {
    this.lineTime = time;
    try {
      this.write(level, message, params);
    } finally {
      this.lineTime = undefined;
    }
  }

  /** Writes what is still buffered (at shutdown; a normal exit writes it too). */
  flush(): void {
    if (this.batcher) this.batcher.flushSync();
    else this.pino.flush();
  }

  private write(level: LogLevel, message: unknown, params: unknown[]): void {
    const pinoLevel = PINO_LEVEL[level];
    if (!this.pino.isLevelEnabled(pinoLevel)) return;
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    let text: string | undefined;
    if (message instanceof Error) fields.err = message;
    else if (typeof message === 'object' && message !== null) Object.assign(fields, message);
    else text = String(message);
    // `logger.error(message, stack)` and `logger.error({...}, message)`: the remaining parameter.
    for (const extra of rest) {
      if (extra instanceof Error) fields.err = extra;
      else if (typeof extra === 'string' && level === 'error' && extra.includes('\n    at ')) fields.stack = extra;
      else if (typeof extra === 'string' && text === undefined) text = extra;
    }
    this.pino[pinoLevel](fields, text);
  }
}
