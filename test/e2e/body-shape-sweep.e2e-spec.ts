import { demoAppWithDocument } from '../support/demo-app';
import { BodyField, bodyFields, jsonBodyOperations, OpenApiDocument, pathLabel, withField } from './security/openapi-bodies';
import { acmeSweep, isDocumentedErrorBody, sendAs, snapshotBeforeSweep, snapshotDatabase, SweepRequest } from './security/security-fixtures';

interface Variant {
  name: string;
  body: unknown;
}

/**
 * What the served document says of a body's shape, held against the app, on every POST and PATCH
 * with a JSON body (the security sweep's valid requests on the demo records, as the demo admin).
 * Each variant below is invalid by the document, so each must be a 400 in a documented shape that
 * names the field, and none may write anything:
 * - a field the document requires, left out (a nested object left out must not reach a service
 *   as `undefined`);
 * - a field the document types as an object, at any depth, sent as an array;
 * - a text field one character over its `maxLength`, the extra character a space (trimming must
 *   not make it fit: the document's limit is the app's).
 */
describe('body shape sweep: the document and the validation agree', () => {
  const demo = demoAppWithDocument<OpenApiDocument>();

  const variantsOf = (valid: SweepRequest, fields: BodyField[]): Variant[] =>
    fields.flatMap(({ path, schema, required }) => {
      const label = pathLabel(path);
      const variants: Variant[] = [];
      if (required && withField(valid.body, path) !== undefined && hasField(valid.body, path))
        variants.push({ name: `${label} left out`, body: withField(valid.body, path) });
      if (schema.type === 'object' || schema.properties) variants.push({ name: `${label} as an array`, body: withField(valid.body, path, []) });
      if (isPlainText(schema))
        variants.push({ name: `${label} over its maxLength by a space`, body: withField(valid.body, path, `${'x'.repeat(schema.maxLength!)} `) });
      return variants.filter((variant) => variant.body !== undefined);
    });

  it('refuses every such body with a 400 naming the field, writing nothing', async () => {
    const { t, manifest, doc } = demo;
    const { token, valid } = acmeSweep(manifest);
    const before = await snapshotBeforeSweep(t.connection);
    const problems: string[] = [];
    const sent: string[] = [];
    for (const operation of jsonBodyOperations(doc)) {
      const fields = bodyFields(doc, operation.schema);
      const request = valid.get(operation.route);
      if (!request?.body) {
        if (fields.length) problems.push(`${operation.route}: no valid request with a body in security-fixtures.ts`);
        continue;
      }
      for (const variant of variantsOf(request, fields)) {
        const res = await sendAs(t, token, request, variant.body);
        sent.push(`${operation.route} ${variant.name}`);
        const field = variant.name.split(' ')[0].split('.').pop()!.replace('[]', '');
        const named = JSON.stringify(res.body).includes(field);
        if (res.status !== 400 || !isDocumentedErrorBody(res.body) || !named)
          problems.push(`${operation.route} [${variant.name}] → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(sent.length).toBeGreaterThan(100);
    expect(sent).toEqual(
      expect.arrayContaining([
        'POST /api/scheduled-reports recipients left out',
        'POST /api/scheduled-reports schedule left out',
        'PATCH /api/roles/:id name over its maxLength by a space',
      ]),
    );
    expect(problems).toEqual([]);
    expect(await snapshotDatabase(t.connection)).toEqual(before);
  }, 300_000);
});

function hasField(body: unknown, path: string[]): boolean {
  let node: unknown = body;
  for (const name of path) {
    if (!node || typeof node !== 'object' || !(name in node)) return false;
    node = (node as Record<string, unknown>)[name];
  }
  return true;
}

/** A free text: a string limited only by its length and the text rule's pattern. */
function isPlainText(schema: BodyField['schema']): boolean {
  if (schema.type !== 'string' || schema.maxLength === undefined || schema.enum || schema.format) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test('x'.repeat(schema.maxLength));
}
