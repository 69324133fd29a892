import type { FieldError } from '@app/errors';

/**
 * The global text rule: no string of any request DTO may carry a control character —
 * C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F) — except tab, line feed and carriage
 * return in the fields marked `@MultilineText()` (descriptions, comments, notes, long texts) and
 * in everything nested under them; nor, in any field, a bidirectional embedding, override or
 * isolate (U+202A–U+202E, U+2066–U+2069), which make a name shown elsewhere read otherwise than
 * it is stored ("Trojan Source"); the implicit marks U+200E and U+200F open none and stay allowed.
 * The pipe applies it to every DTO, so new DTOs are covered without remembering a decorator; a
 * field opts in to line breaks, never out of the rule.
 */
const CONTROLS = String.raw`\u0000-\u001F\u007F-\u009F`;
const CONTROLS_BUT_TAB_AND_LINE_BREAKS = String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F`;
const BIDI_CONTROLS = String.raw`\u202A-\u202E\u2066-\u2069`;

/** The characters the rule refuses, as the body of a regular-expression class (also the OpenAPI patterns'). */
export function forbiddenTextCharacters(multiline: boolean): string {
  return `${multiline ? CONTROLS_BUT_TAB_AND_LINE_BREAKS : CONTROLS}${BIDI_CONTROLS}`;
}

const SINGLE_LINE_CONTROL = new RegExp(`[${CONTROLS}]`);
const MULTI_LINE_CONTROL = new RegExp(`[${CONTROLS_BUT_TAB_AND_LINE_BREAKS}]`);
const BIDI_CONTROL = new RegExp(`[${BIDI_CONTROLS}]`);

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
// eslint-disable-next-line no-control-regex -- control characters are what it keeps
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
      const message = textRuleBreach(node, key || 'value', multiline);
      if (message) errors.push({ path, message });
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

function textRuleBreach(text: string, name: string, multiline: boolean): string | undefined {
  if ((multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(text)) {
    return multiline
      ? `${name} must not contain control characters (tab and line breaks are allowed)`
      : `${name} must not contain control characters (tab and line breaks included)`;
  }
  if (BIDI_CONTROL.test(text)) return `${name} must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069)`;
  return undefined;
}
