import type { Topic } from './topic';

const LISTENS_TO = Symbol('domain-events:listens-to');

/** A method that hears a topic: given the payload, answers when it is done with it. */
type ListenerMethod<Payload> = (payload: Payload) => void | Promise<void>;

/**
 * Makes a provider's method a listener of `topic` (the typed bus, `DomainEvents`), subscribed at
 * start by `DomainEventListeners`: the method's parameter must be the topic's payload. A method
 * may hear several topics of one payload. For a listener that comes and goes (a stream client's),
 * `DomainEvents.on`.
 */
export function OnDomainEvent<Payload>(topic: Topic<Payload>) {
  return <Method extends ListenerMethod<Payload>>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<Method>): void => {
    Reflect.defineMetadata(LISTENS_TO, [...topicsHeardBy(descriptor.value), topic], descriptor.value as object);
  };
}

/** The topics a method was marked to hear (none: not a listener). */
export function topicsHeardBy(method: unknown): readonly Topic<unknown>[] {
  return typeof method === 'function' ? ((Reflect.getMetadata(LISTENS_TO, method) as Topic<unknown>[] | undefined) ?? []) : [];
}
