#!/usr/bin/env node
// `npm run client:generate`: rewrites clients/typescript/src/schema.ts from the app's own OpenAPI
// document. It boots the app from its sources as the tests do (the same embedded database set-up,
// the same test variables, the demo module without its seed), takes `/api/docs-json` over HTTP
// and renders it with openapi-typescript. The drift check (test/e2e/typed-client-drift.e2e-spec.ts)
// renders the same document the same way and fails when the committed file differs.
require('../test/support/ts-register.js');
const { writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');

async function main() {
  const { default: globalSetup } = require('../test/support/global-setup.ts');
  const { default: globalTeardown } = require('../test/support/global-teardown.ts');
  await globalSetup(); // the embedded database (or MONGODB_URI's server), as for a test run
  let app;
  try {
    require('../test/support/e2e-env.ts'); // a database of its own and the tests' variables
    const { createTestApp } = require('../test/support/test-app.ts');
    app = await createTestApp();
    await app.app.listen(0, '127.0.0.1');
    const { fetchOpenApiDocument, renderClientSchema, SCHEMA_FILE } = await import('../clients/typescript/generate/render-schema.mjs');
    const document = await fetchOpenApiDocument(await app.app.getUrl());
    writeFileSync(SCHEMA_FILE, await renderClientSchema(document));
    process.stdout.write(`Wrote ${relative(root, SCHEMA_FILE)} from /api/docs-json\n`);
  } finally {
    await app?.connection.dropDatabase().catch(() => undefined);
    await app?.close();
    await globalTeardown();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`client:generate failed: ${error.stack ?? error}\n`);
    process.exit(1);
  },
);
