const Module = require('node:module');
const { existsSync } = require('node:fs');
const { dirname, resolve } = require('node:path');
const { transformFileSync } = require('@swc/core');

const loaded = new Map();

/**
 * Loads a TypeScript file of the test support code (e.g. a contract stub) into the bench, compiled
 * with swc, together with the relative TypeScript files it imports.
 */
function requireTypeScript(file) {
  if (loaded.has(file)) return loaded.get(file).exports;
  const { code } = transformFileSync(file, { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } });
  const compiled = new Module(file, module);
  compiled.filename = file;
  compiled.paths = Module._nodeModulePaths(dirname(file));
  compiled.require = (id) => {
    const local = id.startsWith('.') ? resolve(dirname(file), `${id}.ts`) : undefined;
    return local && existsSync(local) ? requireTypeScript(local) : Module.prototype.require.call(compiled, id);
  };
  loaded.set(file, compiled);
  compiled._compile(code, file);
  return compiled.exports;
}

module.exports = { requireTypeScript };
