#!/usr/bin/env node
// `npm run --silent cli -- <command>`: the command line, built only when the sources changed.
//
// It compares the newest source file (src/, libs/, the TypeScript and Nest configs, the lock
// file; tests and the generated metadata aside) with the last build and runs `npm run build`
// only when dist/ is older, with the build's output on stderr, so that stdout carries nothing but
// the command's JSON result. A current build starts in about a second.
// Node 22.1+ keeps compiled code on disk between calls (loading is most of a command's start); a no-op before.
require('node:module').enableCompileCache?.();
const { join } = require('node:path');
const { cliEntryOf, isBuildCurrent } = require('./build-freshness');
const { buildIfStale } = require('./build-if-stale');

const root = join(__dirname, '..');

// Quiet when current: the command's own output is all a caller should see.
if (!isBuildCurrent(root)) {
  const status = buildIfStale(root, { output: process.stderr });
  if (status !== 0) process.exit(status);
}
require(cliEntryOf(root));
