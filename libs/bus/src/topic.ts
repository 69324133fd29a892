/**
 * A kind of in-process domain event: its name, and in its type what it carries, so that a
 * publisher and a listener of the same topic agree on the payload. Declared by the domain that
 * publishes it, beside its other public surface.
 */
export class Topic<Payload> {
  // Only the type uses it: ties a topic to its payload.
  declare private readonly payload?: Payload;

  constructor(readonly name: string) {}
}
