import { Topic } from '@app/bus';

/** Something about an asset that its live streams pass on beside positions (a fleet event). */
export interface LiveStreamEvent {
  assetId: string;
  /** The SSE event name, e.g. `fleet-event`. */
  event: string;
  data: unknown;
}

/**
 * Other domains' events for the live position stream, in this process (emitted: the streams only
 * pass them on): each open stream sends those of the assets in its scope. Publishers bring other
 * instances' events themselves.
 */
export const LIVE_STREAM_EVENT = new Topic<LiveStreamEvent>('positions.live-stream-event');

const rendered = new WeakMap<LiveStreamEvent, string>();

/** The SSE frame of an event, rendered once for every stream that sends it (they are all told the same object). */
export function liveStreamFrame(event: LiveStreamEvent): string {
  let frame = rendered.get(event);
  if (frame === undefined) {
    frame = `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
    rendered.set(event, frame);
  }
  return frame;
}
