import { Injectable } from '@nestjs/common';

/** Something about an asset that its live streams pass on beside positions (a fleet event). */
export interface LiveStreamEvent {
  assetId: string;
  /** The SSE event name, e.g. `fleet-event`. */
  event: string;
  data: unknown;
}

type Listener = (event: LiveStreamEvent) => void;

/**
 * Other domains' events for the live position stream, in this process: each open stream sends
 * those of the assets in its scope. Publishers bring other instances' events themselves.
 */
@Injectable()
export class LiveStreamEvents {
  private readonly listeners = new Set<Listener>();
  private readonly rendered = new WeakMap<LiveStreamEvent, string>();

  publish(event: LiveStreamEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The SSE frame of an event, rendered once for every stream that sends it. */
  frame(event: LiveStreamEvent): string {
    let frame = this.rendered.get(event);
    if (frame === undefined) {
      frame = `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
      this.rendered.set(event, frame);
    }
    return frame;
  }
}
