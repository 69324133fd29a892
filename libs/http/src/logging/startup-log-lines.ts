import type { LoggerService, LogLevel } from '@nestjs/common';
import type { AppLogger } from './app-logger';

interface StartupLine {
  at: number;
  level: LogLevel;
  message: unknown;
  params: unknown[];
}

/**
 * Nest's logger while the app boots, before the app's own logger exists (a provider built from the
 * validated configuration): each line kept with the time it was logged, then written by the app's
 * logger with that time (`writeTo`). Nest's `bufferLogs` replays its lines without their time, so
 * every start-up line — the database connection, each module — was stamped with the moment the
 * boot ended.
 */
export class StartupLogLines implements LoggerService {
  private lines: StartupLine[] = [];

  constructor(private readonly clock: () => number = Date.now) {}

  log(message: unknown, ...params: unknown[]): void {
    this.keep('log', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.keep('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.keep('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.keep('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.keep('verbose', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.keep('fatal', message, params);
  }

  /** The kept lines, in order and with their times, to the app's logger; none is kept after. */
  writeTo(logger: AppLogger): void {
    for (const { at, level, message, params } of this.lines) logger.writeAt(at, level, message, params);
    this.lines = [];
  }

  /** The kept lines as plain text: the boot failed before the app's logger existed, and they say why. */
  dump(stream: { write(text: string): unknown } = process.stderr): void {
    for (const { at, level, message, params } of this.lines) {
      const text = message instanceof Error ? (message.stack ?? message.message) : typeof message === 'string' ? message : JSON.stringify(message);
      const details = params.map((param) => (param instanceof Error ? (param.stack ?? param.message) : String(param))).join(' ');
      stream.write(`${new Date(at).toISOString()} ${level.toUpperCase()} ${text}${details ? ` ${details}` : ''}\n`);
    }
    this.lines = [];
  }

  private keep(level: LogLevel, message: unknown, params: unknown[]): void {
    this.lines.push({ at: this.clock(), level, message, params });
  }
}
