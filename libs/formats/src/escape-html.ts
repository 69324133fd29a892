const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text made safe for HTML element content and quoted attributes: every report value goes through it. */
export function escapeHtml(value: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- each value's own text: numbers, dates, anything with a toString
  return String(value ?? '').replace(/[&<>"'`]/g, (char) => ENTITIES[char]);
}

/**
 * A template tag that escapes every interpolated value; nest trusted fragments with `safeHtml`.
 * `html\`<td>${folio}</td>\`` cannot inject markup whatever `folio` holds.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += renderValue(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Marks markup built by our own code (never from data) as trusted. */
export const safeHtml = (markup: string) => new SafeHtml(markup);

function renderValue(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join('');
  return escapeHtml(value);
}
