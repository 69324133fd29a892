import type { ExecutionContext } from '@nestjs/common';

/**
 * What a guard reads of a route's metadata, read once per route and kept: the guards run on
 * every request, and the metadata never changes after start-up. Keyed by class, then handler,
 * as a handler may be inherited by several controllers.
 */
export class PerRoute<T> {
  private readonly byClass = new WeakMap<object, WeakMap<object, T>>();

  constructor(private readonly read: (handler: ReturnType<ExecutionContext['getHandler']>, controller: ReturnType<ExecutionContext['getClass']>) => T) {}

  of(context: ExecutionContext): T {
    const handler = context.getHandler();
    const controller = context.getClass();
    let ofClass = this.byClass.get(controller);
    if (!ofClass) this.byClass.set(controller, (ofClass = new WeakMap()));
    if (!ofClass.has(handler)) ofClass.set(handler, this.read(handler, controller));
    return ofClass.get(handler)!;
  }
}
