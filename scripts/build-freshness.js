// Whether dist/ holds a build of today's sources (used by scripts/build-if-stale.js: `npm start`
// and the command line; tested in test/scripts/build-freshness.spec.ts).
const { existsSync, readdirSync, statSync, utimesSync } = require('node:fs');
const { join } = require('node:path');

/** What a build reads: a newer one of these means dist/ is stale. */
const SOURCES = ['src', 'libs', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', '.swcrc', 'package-lock.json'];
/** What a build writes and `npm start` and the command line run. */
const ENTRIES = [join('dist', 'src', 'main.js'), join('dist', 'src', 'cli', 'main.js')];
// Rewritten by every build (src/metadata.ts), or never built (tests, per tsconfig.build.json): an
// edited spec must not look like a stale build.
const IGNORED = [/[\\/]src[\\/]metadata\.ts$/, /\.spec\.ts$/];

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return IGNORED.some((rule) => rule.test(path)) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

const buildInfoOf = (root) => join(root, 'dist', '.tsbuildinfo');

function isBuildCurrent(root) {
  const buildInfo = buildInfoOf(root);
  if (!existsSync(buildInfo) || !ENTRIES.every((entry) => existsSync(join(root, entry)))) return false;
  return Math.max(...SOURCES.map((source) => newestMtime(join(root, source)))) <= statSync(buildInfo).mtimeMs;
}

/**
 * After a build: an incremental build that changed no output leaves the build info as it was,
 * so it is marked current, or every later call would build again (about 20 s each).
 */
function markBuildCurrent(root, now = new Date()) {
  utimesSync(buildInfoOf(root), now, now);
}

module.exports = { isBuildCurrent, markBuildCurrent, cliEntryOf: (root) => join(root, ENTRIES[1]) };
