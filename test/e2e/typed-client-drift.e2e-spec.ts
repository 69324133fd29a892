import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, TestApp } from '@app/testing';

/**
 * The committed typed client (clients/typescript/src/schema.ts) is what openapi-typescript makes
 * of today's OpenAPI document: a route, DTO or view changed without `npm run client:generate`
 * fails here. The document is taken from the running app over HTTP, as the generator takes it,
 * and rendered by the generator's own module (in a Node process: openapi-typescript loads ES
 * modules that Jest's runtime cannot).
 */
const ROOT = join(__dirname, '..', '..');
const SCHEMA_FILE = join(ROOT, 'clients/typescript/src/schema.ts');
const RENDERER = join(ROOT, 'clients/typescript/generate/render-schema.mjs');

describe('typed client: the committed types match the OpenAPI document', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
  });
  afterAll(() => t.close());

  it('renders the served document to exactly the committed clients/typescript/src/schema.ts', async () => {
    const response = await fetch(`${baseUrl}/api/docs-json`);
    expect(response.status).toBe(200);
    const document = await response.text();
    const rendered = execFileSync(process.execPath, [RENDERER], { input: document, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    if (rendered !== committed) {
      throw new Error(
        "clients/typescript/src/schema.ts is out of date with the app's OpenAPI document " +
          `(${describeDifference(committed, rendered)}). Run \`npm run client:generate\` and commit the file.`,
      );
    }
  }, 60_000);
});

/** The first line that differs, so the failure says where without printing 300 kB. */
function describeDifference(committed: string, rendered: string): string {
  const before = committed.split('\n');
  const after = rendered.split('\n');
  const line = before.findIndex((text, index) => text !== after[index]);
  const at = line === -1 ? before.length : line;
  return `first difference at line ${at + 1}: committed ${JSON.stringify(before[at] ?? '(end of file)')}, generated ${JSON.stringify(after[at] ?? '(end of file)')}`;
}
