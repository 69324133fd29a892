import { DomainException, ErrorCode } from '@app/errors';

/** How many streams of one kind a user may hold open on one instance: the web app's tabs, with room to spare. */
export const MAX_STREAMS_PER_USER = 20;

/**
 * The open streams of one kind per user on this instance. Without a bound, one token could hold
 * thousands of connections (each a socket and a listener told of every update); past the bound a
 * new stream is 429 (shape A) and the ones open go on. Per instance: behind a load balancer a
 * user's streams spread over the instances.
 */
export class OpenStreamsPerUser {
  private readonly open = new Map<string, number>();

  constructor(
    private readonly what: string,
    private readonly limit = MAX_STREAMS_PER_USER,
  ) {}

  /** Takes one of the user's places, or throws 429 when they hold them all; answers its release (idempotent). */
  take(userId: string): () => void {
    const held = this.open.get(userId) ?? 0;
    if (held >= this.limit) {
      throw new DomainException(
        ErrorCode.TooManyRequests,
        `Too many open ${this.what}: at most ${this.limit} per user at once; close one (another tab or client) and try again`,
      );
    }
    this.open.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    };
  }
}
