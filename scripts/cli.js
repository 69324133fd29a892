#!/usr/bin/env node
// `npm run --silent cli -- <command>`: the command line, built only when the sources changed.
//
// It compares the newest source file (src/, libs/, the TypeScript and Nest configs, the lock
// file; tests and the generated metadata aside) with the last build and runs `npm run build`
// only when dist/ is older, with the build's output on stderr, so that stdout carries nothing but
// the command's JSON result. A current build starts in about a second.
// Node 22.1+ keeps compiled code on disk between calls (loading is most of a command's start); a no-op before.
require('node:module').enableCompileCache?.();
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { entryOf, isBuildCurrent, markBuildCurrent } = require('./build-freshness');

const root = join(__dirname, '..');

if (!isBuildCurrent(root)) {
  process.stderr.write('Sources changed since the last build: building (npm run build)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.status !== 0) process.exit(build.status ?? 1);
  markBuildCurrent(root);
}
require(entryOf(root));
