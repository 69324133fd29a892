import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { performance } from 'node:perf_hooks';
import { ClockSample, offsetFrom } from './clock-offset';

/** How often the offset is measured again: drift between two readings stays far below a second. */
const RESYNC_MS = 60_000;
/** Readings per measurement; the one with the shortest round trip counts. */
const READINGS = 3;

/**
 * The database server's clock, as this process reads it. Times that several instances compare —
 * a lease's end written by one and checked by another — are taken on this one clock, so a machine
 * whose own clock is a minute off neither takes a lease that is still held nor keeps one that
 * ran out.
 *
 * `now()` is this process's monotonic clock (a step of the machine's wall clock does not move it)
 * plus the offset to the server's, measured at start and every minute from the `isMaster`
 * command's `localTime` (MongoDB and mongo-java-server both answer it): within half the round trip
 * of the best of three readings (`uncertaintyMs`, about a millisecond on a LAN). A failed
 * measurement keeps the last offset; until the first one succeeds, the offset is 0.
 */
@Injectable()
export class DatabaseClock implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DatabaseClock.name);
  private offset = 0;
  private uncertainty = Number.POSITIVE_INFINITY;
  private timer?: NodeJS.Timeout;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** The server's time now. */
  now(): Date {
    return new Date(this.nowMs());
  }

  /** The server's time now, in ms since the epoch. */
  nowMs(): number {
    return Math.round(localNow() + this.offset);
  }

  /** The server's clock minus this process's wall clock, as last measured (ms). */
  get offsetMs(): number {
    return Math.round(localNow() + this.offset - Date.now());
  }

  /** How far `now()` may be from the server's clock (ms); infinite until a measurement succeeded. */
  get uncertaintyMs(): number {
    return this.uncertainty;
  }

  /** Measures the offset again now (it is also measured every minute). */
  async sync(): Promise<void> {
    const samples: ClockSample[] = [];
    for (let i = 0; i < READINGS; i++) samples.push(await this.read());
    const measured = offsetFrom(samples)!;
    this.offset = measured.offsetMs;
    this.uncertainty = measured.uncertaintyMs;
  }

  async onModuleInit(): Promise<void> {
    await this.syncOrWarn();
    this.timer = setInterval(() => void this.syncOrWarn(), RESYNC_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private async syncOrWarn(): Promise<void> {
    await this.sync().catch((error: Error) =>
      this.logger.warn(`reading the database's clock failed (${error.message}); the last offset (${Math.round(this.offset)} ms) stays`),
    );
  }

  private async read(): Promise<ClockSample> {
    const sentAt = localNow();
    const answer = await this.connection.getClient().db('admin').command({ isMaster: 1 });
    const receivedAt = localNow();
    if (!(answer.localTime instanceof Date)) throw new Error('isMaster answered no localTime');
    return { sentAt, receivedAt, serverTime: answer.localTime.getTime() };
  }
}

/** This process's clock as ms since the epoch, monotonic: NTP steps of the wall clock do not move it. */
function localNow(): number {
  return performance.timeOrigin + performance.now();
}
