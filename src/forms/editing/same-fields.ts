import { toFieldView } from '../dynamic-form.view';
import type { FormField } from '../schemas/form-field.schema';

/** Keys sorted at every level, so two field lists compare by content, not by key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * Whether sent fields say the same as the stored ones (defaults applied as the view shows them):
 * an editor that saves the whole form unchanged does not make a new version.
 */
export function sameFields(stored: readonly FormField[], sent: readonly Record<string, unknown>[]): boolean {
  const normalize = (fields: readonly unknown[]) => JSON.stringify(canonical(fields.map((field) => toFieldView(field as FormField))));
  return stored.length === sent.length && normalize(stored) === normalize(sent);
}
