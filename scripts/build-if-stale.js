#!/usr/bin/env node
// `npm start`'s prestart, and the command line's first step: `npm run build` only when dist/ is
// not a build of today's sources (scripts/build-freshness.js compares the newest source file with
// the last build), so an unchanged tree starts without a build (about 30 s here). Run directly,
// the build's output goes to the terminal; the command line sends it to stderr, keeping stdout
// for its JSON. Tested in test/scripts/build-freshness.spec.ts.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { isBuildCurrent, markBuildCurrent } = require('./build-freshness');

function npmBuild(root, output) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', output, output] }).status ?? 1;
}

/**
 * Builds when dist/ is stale. Answers the build's exit status (0 also when no build was needed);
 * `output` takes the build's output and the one line saying whether it builds.
 */
function buildIfStale(root, { output = process.stdout, build = npmBuild } = {}) {
  if (isBuildCurrent(root)) {
    output.write('dist/ is a build of the current sources: not building (delete dist/ to force one).\n');
    return 0;
  }
  output.write('Sources changed since the last build: building (npm run build)…\n');
  const status = build(root, output);
  // An incremental build that changed no output leaves its build info as it was: marked, or the
  // next start would build again.
  if (status === 0) markBuildCurrent(root);
  return status;
}

module.exports = { buildIfStale };

if (require.main === module) process.exit(buildIfStale(join(__dirname, '..')));
