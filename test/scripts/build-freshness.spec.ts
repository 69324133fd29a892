import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { isBuildCurrent, markBuildCurrent } = require('../../scripts/build-freshness') as {
  isBuildCurrent: (root: string) => boolean;
  markBuildCurrent: (root: string, now?: Date) => void;
};

/** The command line's "is dist/ a build of today's sources" (scripts/cli.js), on a scratch tree. */
describe('build freshness (scripts/build-freshness.js)', () => {
  let root: string;
  const at = (path: string, seconds: number) => {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    utimesSync(file, seconds, seconds);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'freshness-'));
    at('src/app.module.ts', 1_000);
    at('libs/http/src/index.ts', 1_000);
    at('dist/src/cli/main.js', 2_000);
    at('dist/.tsbuildinfo', 2_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is current when no source is newer than the last build, stale when one is', () => {
    expect(isBuildCurrent(root)).toBe(true);
    at('libs/http/src/index.ts', 3_000);
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('is stale without a build', () => {
    rmSync(join(root, 'dist'), { recursive: true });
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('ignores what a build does not compile: specs and the generated metadata', () => {
    at('src/drivers/drivers.service.spec.ts', 3_000);
    at('src/metadata.ts', 3_000);
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('is current after a build that changed no output once marked (no rebuild on every call)', () => {
    at('src/app.module.ts', 3_000);
    expect(isBuildCurrent(root)).toBe(false);
    markBuildCurrent(root, new Date(4_000_000));
    expect(statSync(join(root, 'dist/.tsbuildinfo')).mtimeMs).toBe(4_000_000);
    expect(isBuildCurrent(root)).toBe(true);
  });
});
