/**
 * Keys that reach an object's prototype machinery. `JSON.parse` keeps `"__proto__"` as an own
 * property, but class-transformer drops these keys silently while building a DTO, so the
 * whitelist check of a `@StrictBody()` DTO never sees them: the pipe looks at the raw value.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/**
 * Calls `visit` for every own prototype key at any depth of a parsed JSON value (walked without
 * recursion: bodies may nest thousands deep), with its dotted path; stops when `visit` says so.
 */
function walk(value: unknown, visit: (holder: Record<string, unknown>, key: string, path: string) => boolean | void): void {
  const stack: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const holder = node as Record<string, unknown>;
    for (const key of PROTOTYPE_KEYS) {
      if (hasOwn(holder, key) && visit(holder, key, path ? `${path}.${key}` : key) === true) return;
    }
    for (const key of Object.keys(holder)) {
      if (PROTOTYPE_KEYS.has(key)) continue;
      const child = holder[key];
      if (child !== null && typeof child === 'object') stack.push({ node: child, path: path ? `${path}.${key}` : key });
    }
  }
}

/** The paths of the first `max` prototype keys in a value (empty when it has none). */
export function findPrototypeKeys(value: unknown, max = 5): string[] {
  const found: string[] = [];
  walk(value, (_holder, _key, path) => found.push(path) >= max);
  return found;
}

/** Deletes every own prototype key from a value, in place, so no later merge can pollute. */
export function stripPrototypeKeys(value: unknown): void {
  walk(value, (holder, key) => {
    delete holder[key];
  });
}
