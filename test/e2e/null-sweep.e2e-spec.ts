import { demoAppWithDocument } from '../support/demo-app';
import { jsonBodyOperations, nullablePaths, OpenApiDocument, pathLabel, topLevelProperties, withNulls } from './security/openapi-bodies';
import { acmeSweep, isDocumentedErrorBody, isShapeA, sendAs, snapshotBeforeSweep, snapshotDatabase } from './security/security-fixtures';

/**
 * Every nullable field of every POST and PATCH body of the served document, sent as `null` — one
 * at a time, then all at once — on the demo records the security sweep's valid requests name,
 * as the demo admin: each answer is a success (`null` meant "clear" or "absent") or a 400 shape A
 * (`null` refused), never a 5xx or another answer (but a 409 that the valid request meets too). A new endpoint comes in with the document; one
 * with a nullable field and no valid request in security-fixtures.ts fails here until it has one.
 */
describe('null sweep', () => {
  const demo = demoAppWithDocument<OpenApiDocument>();

  it('answers null in every nullable body field with a success or a 400 shape A', async () => {
    const { t, manifest, doc } = demo;
    const { token, valid } = acmeSweep(manifest);
    const problems: string[] = [];
    const sent: string[] = [];
    for (const operation of jsonBodyOperations(doc)) {
      const paths = nullablePaths(doc, operation.schema);
      if (!paths.length) continue;
      const request = valid.get(operation.route);
      if (!request) {
        problems.push(`${operation.route}: no valid request in security-fixtures.ts to send its nullable fields with`);
        continue;
      }
      const variants = [
        ...paths.map((path) => ({ name: pathLabel(path), paths: [path] })),
        ...(paths.length > 1 ? [{ name: 'all nullable fields', paths }] : []),
      ];
      for (const variant of variants) {
        const body = withNulls(request.body, variant.paths, operation.example);
        const res = await sendAs(t, token, request, body);
        sent.push(`${operation.route} ${variant.name}`);
        let ok = (res.status >= 200 && res.status < 300) || (res.status === 400 && isShapeA(res.body));
        // A conflict the valid request meets as well (a create repeated: the same plate, RUT or vendorId) is not the null's doing.
        if (res.status === 409 && isShapeA(res.body)) ok = (await sendAs(t, token, request)).status === 409;
        if (!ok) problems.push(`${operation.route} [${variant.name}: null] → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    // The document marks fields nullable on the bodies of assets, forms, work orders and drivers at least.
    expect(sent.length).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  }, 300_000);

  it('refuses null, with a 400 and nothing written, in every body field the document does not mark nullable', async () => {
    const { t, manifest, doc } = demo;
    const { token, valid } = acmeSweep(manifest);
    const before = await snapshotBeforeSweep(t.connection);
    const problems: string[] = [];
    let sent = 0;
    for (const operation of jsonBodyOperations(doc)) {
      const fields = topLevelProperties(doc, operation.schema)
        .filter((p) => !p.nullable)
        .map((p) => p.name);
      if (!fields.length) continue;
      const request = valid.get(operation.route);
      if (!request) {
        problems.push(`${operation.route}: no valid request in security-fixtures.ts to send its fields with`);
        continue;
      }
      for (const field of fields) {
        const res = await sendAs(t, token, request, { ...request.body, [field]: null });
        sent++;
        // Shape A everywhere; the driver import answers its validation errors in shape C (spec).
        if (res.status !== 400 || !isDocumentedErrorBody(res.body))
          problems.push(`${operation.route} [${field}: null] → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(sent).toBeGreaterThan(80);
    expect(problems).toEqual([]);
    expect(await snapshotDatabase(t.connection)).toEqual(before);
  }, 300_000);
});
