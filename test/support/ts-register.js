// Lets `node -r ./test/support/ts-register.js src/main.ts` run the app from its sources, as the
// tests' own transform does (.swcrc, the `@app/*` paths): the resilience tests start the app as a
// real process (to kill it) without a build step.
const { transformSync } = require('@swc/core');
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const root = resolve(__dirname, '..', '..');
const swcrc = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8'));

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const alias = /^@app\/([a-z0-9-]+)(\/.*)?$/.exec(request);
  const target = alias ? join(root, 'libs', alias[1], 'src') + (alias[2] ?? '') : request;
  return resolveFilename.call(this, target, ...rest);
};

Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcrc, filename, sourceMaps: 'inline' });
  module._compile(code, filename);
};
