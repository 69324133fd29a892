import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import { openEventStream, OpenStreamsPerUser } from '@app/http';
import { LatestPositionStore, LatestRecord } from '../store/latest-position.store';
import { LatestPositionsService } from './latest-positions.service';
import { ScopedTracker, ScopedTrackers, TrackerFilter } from './scoped-trackers.service';
import { DomainEvents } from '@app/bus';
import { LIVE_STREAM_EVENT, liveStreamFrame } from './live-stream-event';
import { POSITION_UPDATED } from './position-updates';

/** A reconnect replays from this much before its `Last-Event-ID`: instances' clocks may differ a little. */
export const REPLAY_SKEW_MS = 3000;
/**
 * A stream ends after this long; the browser's EventSource reconnects with `Last-Event-ID`, so
 * nothing is lost, and the credential and the scope (assets, trackers) are checked again.
 */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** A client that has not read this much of what was sent is cut off (it reconnects and catches up). */
export const MAX_UNREAD_BYTES = 1024 * 1024;
/** The reconnection delay the client is told (`retry:`). */
const RETRY_MS = 3000;

/** An event id: the record's `ingestedAt` (ms), the same on every instance for the same record. */
export function parseLastEventId(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/**
 * The open Server-Sent Events streams of this process: each is limited to the caller's assets
 * (client and tracker scope, resolved when it opens), sends the position updates of those assets
 * as `event: position`, other domains' events of them as theirs (`event: fleet-event`), a
 * heartbeat comment when idle, and ends on disconnect, after
 * STREAM_LIFETIME_MS, or when the app shuts down. At most MAX_STREAMS_PER_USER of a user's at once (429).
 */
@Injectable()
export class PositionStreams implements OnModuleDestroy {
  private readonly open = new Set<() => void>();
  private readonly perUser = new OpenStreamsPerUser('position streams');
  private readonly rendered = new WeakMap<LatestRecord, Map<ScopedTracker, string>>();
  private readonly heartbeatMs: number;

  constructor(
    private readonly scoped: ScopedTrackers,
    private readonly store: LatestPositionStore,
    private readonly bus: DomainEvents,
    private readonly views: LatestPositionsService,
    config: AppConfig,
  ) {
    this.heartbeatMs = config.get('POSITION_STREAM_HEARTBEAT_MS');
  }

  get size(): number {
    return this.open.size;
  }

  async stream(auth: AuthContext, filter: TrackerFilter, lastEventId: string | undefined, req: Request, res: Response): Promise<void> {
    // Resolved before any byte is sent: a failure here is an ordinary error answer.
    const trackers = new Map((await this.scoped.resolve(auth, filter)).map((t) => [t.trackerId, t]));
    if (req.destroyed || res.writableEnded) return;
    const release = this.perUser.take(auth.userId.toHexString()); // 429 before any byte of a stream
    const stream = openEventStream(req, res, {
      heartbeatMs: this.heartbeatMs,
      lifetimeMs: STREAM_LIFETIME_MS,
      maxUnreadBytes: MAX_UNREAD_BYTES,
      retryMs: RETRY_MS,
    });
    const write = (text: string) => stream.write(text);
    const end = () => stream.end();
    const send = (tracker: ScopedTracker, record: LatestRecord) => write(this.render(tracker, record));

    // Live updates that arrive while the replay is read wait behind it.
    let waiting: LatestRecord[] | null = [];
    const unsubscribe = this.bus.on(POSITION_UPDATED, (record) => {
      const tracker = trackers.get(record._id);
      if (!tracker) return; // never another client's or an out-of-scope asset
      if (waiting) waiting.push(record);
      else send(tracker, record);
    });
    const assets = new Set([...trackers.values()].map((tracker) => tracker.assetId));
    const unsubscribeEvents = this.bus.on(LIVE_STREAM_EVENT, (event) => {
      if (assets.has(event.assetId)) write(liveStreamFrame(event));
    });
    this.open.add(end);
    stream.onEnd(() => {
      unsubscribe();
      unsubscribeEvents();
      this.open.delete(end);
      release();
    });

    const since = parseLastEventId(lastEventId);
    if (since !== null) {
      // For each asset changed after the last event seen, its newest position (a position is a state: the newest is what the map shows).
      const latest = await this.store.findMany([...trackers.keys()]).catch(() => null);
      // Headers are sent: a failed read ends the stream, and the client's reconnect tries again.
      if (!latest) return end();
      const missed = [...latest.values()].filter((r) => r.ingestedAt >= since - REPLAY_SKEW_MS).sort((a, b) => a.ingestedAt - b.ingestedAt);
      for (const record of missed) send(trackers.get(record._id)!, record);
    }
    const queued = waiting;
    waiting = null;
    for (const record of queued) send(trackers.get(record._id)!, record);
    write(': ready\n\n');
  }

  /**
   * The event of an update for an asset. One update goes to every stream of the asset's client:
   * rendered once per asset (the record object is the same for all listeners of one publish).
   */
  private render(tracker: ScopedTracker, record: LatestRecord): string {
    let byAsset = this.rendered.get(record);
    if (!byAsset) this.rendered.set(record, (byAsset = new Map<ScopedTracker, string>()));
    // By the scope's entry: streams that resolved their scope together share it (ScopedTrackers
    // keeps the list a few seconds); a stream opened after a rename holds another, with the new name.
    let event = byAsset.get(tracker);
    if (event === undefined) {
      event = `id: ${record.ingestedAt}\nevent: position\ndata: ${JSON.stringify(this.views.view(tracker, record))}\n\n`;
      byAsset.set(tracker, event);
    }
    return event;
  }

  onModuleDestroy(): void {
    for (const end of [...this.open]) end();
  }
}
