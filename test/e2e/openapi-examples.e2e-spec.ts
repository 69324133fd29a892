import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { createTestApp, TestApp } from '@app/testing';

type Media = { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> };
type Parameter = { name: string; in: string; schema?: { example?: unknown }; example?: unknown };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };

/** OpenAPI 3.0's `nullable: true` as JSON Schema: the schema or null (ajv's own `nullable` needs a `type` beside it). */
function withNull(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNull);
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withNull(inner)]));
  if (schema.nullable !== true) return schema;
  delete schema.nullable;
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * Every JSON body and answer of the served document has an example (a reader sees one, and
 * Schemathesis sends the request examples as valid requests), and every example is valid
 * against the schema it illustrates, checked by a JSON Schema validator (ajv, formats included).
 */
describe('OpenAPI examples', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };
  let ajv: Ajv;
  const rewrite = (schema: unknown) => withNull(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')));
  const jsonMedia = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => {
        const label = `${method.toUpperCase()} ${path}`;
        const body = op.requestBody?.content['application/json'];
        const answers = Object.entries(op.responses).map(([status, answer]) => ({ where: `${label} ${status}`, media: answer.content?.['application/json'] }));
        return [{ where: `${label} request`, media: body }, ...answers].filter((m): m is { where: string; media: Media } => m.media !== undefined);
      }),
    );
  const examplesOf = (media: Media) => (media.example !== undefined ? [media.example] : Object.values(media.examples ?? {}).map((e) => e.value));

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await request(t.server).get('/api/docs-json').expect(200)).body;
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema({ $id: 'openapi', components: rewrite(doc.components) as object });
  });
  afterAll(() => t.close());

  it('gives every JSON request body and every JSON answer an example', () => {
    const media = jsonMedia();
    expect(media.length).toBeGreaterThan(600);
    expect(media.filter(({ media: m }) => examplesOf(m).length === 0).map(({ where }) => where)).toEqual([]);
  });

  it('gives every example a value valid against its schema', () => {
    const invalid: string[] = [];
    for (const { where, media } of jsonMedia()) {
      const validate: ValidateFunction = ajv.compile(rewrite(media.schema) as object);
      for (const example of examplesOf(media)) {
        if (!validate(example)) invalid.push(`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(example)}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it('gives every path and query parameter an example valid against its schema', () => {
    const parameters = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => (op.parameters ?? []).map((p) => ({ where: `${method.toUpperCase()} ${path} ${p.in} ${p.name}`, p }))),
    );
    expect(parameters.length).toBeGreaterThan(100);
    const problems = parameters.flatMap(({ where, p }) => {
      const example = p.example !== undefined ? p.example : p.schema?.example;
      if (example === undefined) return [`${where}: no example`];
      const validate = ajv.compile(rewrite(p.schema) as object);
      return validate(example) ? [] : [`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(example)}`];
    });
    expect(problems).toEqual([]);
  });

  it('illustrates error answers by shape, with a message that fits the status', () => {
    const scan = doc.paths['/api/inspections/scan/{code}'].get.responses;
    expect(scan['410'].content!['application/json'].example).toEqual({
      status: 'failed',
      code: 'INSPECTION_QR_REVOKED',
      message: expect.stringMatching(/replaced/),
    });
    expect(Object.keys(scan['404'].content!['application/json'].examples!).sort()).toEqual(['shapeA', 'shapeE']);
    const me = doc.paths['/api/auth/me'].get.responses;
    expect(me['401'].content!['application/json'].example).toEqual({ error: 'Invalid or expired token' });
    expect(me['500'].content!['application/json'].example).toEqual({ message: expect.any(String) });
    expect(doc.paths['/api/support/tickets'].post.responses['503'].content!['application/json'].example).toMatchObject({
      status: 'failed',
      code: 'PORTAL_UNAVAILABLE',
    });
    expect(doc.paths['/api/drivers/import'].post.responses['400'].content!['application/json'].examples!.shapeC.value).toMatchObject({
      status: 'failed',
      errors: [expect.objectContaining({ path: expect.any(String) })],
    });
  });

  it("takes the fields' own examples and the format samples, not generic filler, where they exist", () => {
    const driver = doc.paths['/api/drivers'].post.requestBody!.content['application/json'].example;
    expect(driver).toMatchObject({ firstName: 'Juana', rut: '12345678-5' });
    const asset = doc.paths['/api/assets'].post.requestBody!.content['application/json'].example as Record<string, unknown>;
    expect(asset).toMatchObject({ name: 'Camión 12', icon: { color: '#1E88E5' }, mainTrackerId: expect.stringMatching(/^[0-9a-f]{24}$/) });
  });
});
