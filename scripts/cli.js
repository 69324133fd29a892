#!/usr/bin/env node
// `npm run --silent cli -- <command>`: the command line, built only when the sources changed.
//
// It compares the newest source file (src/, libs/, the TypeScript and Nest configs, the lock
// file) with the built entry point and runs `npm run build` only when dist/ is older, with the
// build's output on stderr, so that stdout carries nothing but the command's JSON result. A
// current build starts in about a second.
// Node 22.1+ keeps compiled code on disk between calls (loading is most of a command's start); a no-op before.
require('node:module').enableCompileCache?.();
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const entry = join(root, 'dist', 'src', 'cli', 'main.js');
// Written by every build; an incremental build leaves unchanged outputs (the entry) as they were.
const buildInfo = join(root, 'dist', '.tsbuildinfo');
const GENERATED = new Set([join(root, 'src', 'metadata.ts')]); // rewritten by every build

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return GENERATED.has(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(entry) || !existsSync(buildInfo)) return false;
  const sources = ['src', 'libs', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json'];
  return Math.max(...sources.map((source) => newestMtime(join(root, source)))) <= statSync(buildInfo).mtimeMs;
}

if (!buildIsCurrent()) {
  process.stderr.write('Sources changed since the last build: building (npm run build)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
require(entry);
