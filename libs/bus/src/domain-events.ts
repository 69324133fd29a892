import { Injectable } from '@nestjs/common';
import { Topic } from './topic';

export type Listener<Payload> = (payload: Payload) => void | Promise<void>;

/**
 * The typed bus of in-process domain events: a domain publishes on its topics, others listen
 * (a provider's method marked `@OnDomainEvent(topic)`; `on` for a listener that comes and goes,
 * a stream client's) without either knowing the other. Only this instance's listeners hear it:
 * what must not be lost when the process dies goes through a durable job (`@app/jobs`).
 */
@Injectable()
export class DomainEvents {
  private readonly listeners = new Map<Topic<unknown>, Set<Listener<unknown>>>();

  /** Hears every publication of the topic until told to stop (what it answers). */
  on<Payload>(topic: Topic<Payload>, listener: Listener<Payload>): () => void {
    let heard = this.listeners.get(topic);
    if (!heard) this.listeners.set(topic, (heard = new Set()));
    heard.add(listener as Listener<unknown>);
    return () => heard.delete(listener as Listener<unknown>);
  }

  /** Told to every listener together and awaited: one that fails fails the publisher (whose cause is then told again). */
  async publish<Payload>(topic: Topic<Payload>, payload: Payload): Promise<void> {
    await Promise.all(this.of(topic).map(async (listener) => listener(payload)));
  }

  /** Told to the listeners one after another, in the order they subscribed, each awaited. */
  async publishInTurn<Payload>(topic: Topic<Payload>, payload: Payload): Promise<void> {
    for (const listener of this.of(topic)) await listener(payload);
  }

  /** Told at once, without waiting: for listeners that only pass it on (the live map). */
  emit<Payload>(topic: Topic<Payload>, payload: Payload): void {
    // The set itself, not a copy: emitted once per position update. A listener that stops hearing meanwhile is skipped.
    for (const listener of this.listeners.get(topic) ?? []) void (listener as Listener<Payload>)(payload);
  }

  /** Whether anybody listens: a publisher skips building what nobody hears. */
  heard(topic: Topic<unknown>): boolean {
    return (this.listeners.get(topic)?.size ?? 0) > 0;
  }

  private of<Payload>(topic: Topic<Payload>): Listener<Payload>[] {
    return [...(this.listeners.get(topic) ?? [])] as Listener<Payload>[];
  }
}
