import type { FieldError } from '@app/errors';

/**
 * The global text rule: no string of any request DTO may carry a control character —
 * C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F) — except tab, line feed and carriage
 * return in the fields marked `@MultilineText()` (descriptions, comments, notes, long texts) and
 * in everything nested under them. The pipe applies it to every DTO, so new DTOs are covered
 * without remembering a decorator; a field opts in to line breaks, never out of the rule.
 */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const MULTILINE = Symbol('multiline-text');

/** Allows tab and line breaks (never other control characters) in this field's text. */
export function MultilineText(): PropertyDecorator {
  return (target, propertyKey) => {
    Reflect.defineMetadata(MULTILINE, true, target, propertyKey);
  };
}

/** Whether a DTO field is `@MultilineText()` (also read by the OpenAPI document's text patterns). */
export function isMultiline(holder: object, key: string): boolean {
  return Reflect.getMetadata(MULTILINE, holder, key) === true;
}

/** Spaces a text field sheds at its ends: Unicode white space, but never a control character. */
const EDGE_SPACES = /^[^\S\u0000-\u001F]+|[^\S\u0000-\u001F]+$/g;

/**
 * Trims a field's text before validation. A single-line field keeps a tab or line break at its
 * ends, so the control-character rule refuses it as the OpenAPI pattern says (trimming it away
 * first accepted what the document refuses); a `@MultilineText()` field sheds them too.
 */
export function trimText(value: string, multiline: boolean): string {
  return multiline ? value.trim() : value.replace(EDGE_SPACES, '');
}

/**
 * The fields of a validated DTO (class instances, and plain objects and arrays inside them) whose
 * strings break the rule, at most `max`. Walked without recursion; paths as class-validator's.
 */
export function findControlCharacters(value: unknown, max = 5): FieldError[] {
  const errors: FieldError[] = [];
  const stack: { node: unknown; path: string; multiline: boolean; key: string }[] = [{ node: value, path: '', multiline: false, key: '' }];
  while (stack.length > 0 && errors.length < max) {
    const { node, path, multiline, key } = stack.pop()!;
    if (typeof node === 'string') {
      if ((multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(node)) {
        const name = key || 'value';
        const message = multiline
          ? `${name} must not contain control characters (tab and line breaks are allowed)`
          : `${name} must not contain control characters (tab and line breaks included)`;
        errors.push({ path, message });
      }
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], path: path ? `${path}.${i}` : String(i), multiline, key });
      continue;
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const child = keys[i];
      stack.push({
        node: (node as Record<string, unknown>)[child],
        path: path ? `${path}.${child}` : child,
        multiline: multiline || isMultiline(node, child),
        key: child,
      });
    }
  }
  return errors;
}
