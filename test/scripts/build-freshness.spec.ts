import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { isBuildCurrent, markBuildCurrent } = require('../../scripts/build-freshness') as {
  isBuildCurrent: (root: string) => boolean;
  markBuildCurrent: (root: string, now?: Date) => void;
};
type Output = { write(text: string): unknown };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildIfStale } = require('../../scripts/build-if-stale') as {
  buildIfStale: (root: string, options: { output: Output; build: (root: string, output: Output) => number }) => number;
};

/** `npm start`'s and the command line's "is dist/ a build of today's sources", on a scratch tree. */
describe('build freshness (scripts/build-freshness.js, scripts/build-if-stale.js)', () => {
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
    at('dist/src/main.js', 2_000);
    at('dist/src/cli/main.js', 2_000);
    at('dist/.tsbuildinfo', 2_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is current when no source is newer than the last build, stale when one is', () => {
    expect(isBuildCurrent(root)).toBe(true);
    at('libs/http/src/index.ts', 3_000);
    expect(isBuildCurrent(root)).toBe(false);
  });

  it("is stale without a build, or without the server's or the command line's entry", () => {
    rmSync(join(root, 'dist/src/main.js'));
    expect(isBuildCurrent(root)).toBe(false);
    rmSync(join(root, 'dist'), { recursive: true });
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('builds only when stale, and a build marks the tree current (a second start does not build)', () => {
    const builds: string[] = [];
    let text = '';
    const output = { write: (chunk: string) => (text += chunk) };
    const build = (builtRoot: string) => (builds.push(builtRoot), 0);
    expect(buildIfStale(root, { output, build })).toBe(0);
    expect(builds).toEqual([]);
    expect(text).toContain('not building');
    at('src/app.module.ts', 3_000);
    expect(buildIfStale(root, { output, build })).toBe(0);
    expect(builds).toEqual([root]);
    expect(text).toContain('building (npm run build)');
    expect(buildIfStale(root, { output, build })).toBe(0);
    expect(builds).toEqual([root]);
  });

  it("answers a failed build's status and leaves the tree stale", () => {
    at('libs/http/src/index.ts', 3_000);
    const output = { write: () => true };
    expect(buildIfStale(root, { output, build: () => 2 })).toBe(2);
    expect(isBuildCurrent(root)).toBe(false);
  });

  it('is what `npm start` runs before starting the built server', () => {
    const { scripts } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.prestart).toBe('node scripts/build-if-stale.js');
    expect(scripts.start).toContain('dist/src/main');
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
