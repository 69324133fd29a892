import type { OpenAPIObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { operationsOf } from './document-operations';

/** `Activity log`, `dynamic forms` → `activity-log`, `dynamic-forms`: one spelling for every tag. */
export function kebabTag(tag: string): string {
  return tag
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

/**
 * Conventions every operation follows whatever its controller wrote: tags lower-case kebab.
 * (That every operation has a summary — a JSDoc on its handler — is checked by a test.)
 */
export function applyDocumentConventions(document: OpenAPIObject): OpenAPIObject {
  for (const { operation } of operationsOf(document)) {
    if (operation.tags) operation.tags = [...new Set(operation.tags.map(kebabTag))];
  }
  if (document.tags) document.tags = document.tags.map((tag) => ({ ...tag, name: kebabTag(tag.name) }));
  return document;
}
