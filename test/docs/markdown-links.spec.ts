import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import { repositoryFiles, repositoryText, ROOT } from './repository-files';

/**
 * Every relative link of the repository's Markdown files leads to a file (or folder) of the
 * repository, and an anchor to a heading of its page: a fresh clone is all a reader has. External
 * links (any URL scheme) are not checked.
 */

export interface MarkdownLink {
  target: string;
  line: number;
}

/** Blanks out fenced code blocks and inline code spans, keeping line breaks (and so line numbers). */
function withoutCode(markdown: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  const lines = markdown.split('\n');
  let fence: string | undefined;
  const prose = lines.map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === undefined && opening) {
      fence = opening[1];
      return '';
    }
    if (fence !== undefined) {
      if (new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(line)) fence = undefined;
      return '';
    }
    return line;
  });
  return prose.join('\n').replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, blank);
}

/** The link targets of a Markdown text: inline links and images, and reference definitions. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const text = withoutCode(markdown);
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const links: MarkdownLink[] = [];
  const inline = /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
  for (const match of text.matchAll(inline)) links.push({ target: match[1], line: lineOf(match.index) });
  const definition = /^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm;
  for (const match of text.matchAll(definition)) links.push({ target: match[1], line: lineOf(match.index) });
  return links.map((link) => ({ ...link, target: link.target.replace(/^<(.*)>$/, '$1') }));
}

/** The repository paths a Markdown text names as a whole code span (`src/x/y.ts`), outside fenced blocks. */
export function codeSpanPaths(markdown: string): MarkdownLink[] {
  let fenced = false;
  const paths: MarkdownLink[] = [];
  markdown.split('\n').forEach((line, index) => {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const match of line.matchAll(/(?<!`)`((?:src|libs|test|scripts|bench|docs|docker|clients)\/[\w./-]+\.[a-z]+)`(?!`)/g)) {
      paths.push({ target: match[1], line: index + 1 });
    }
  });
  return paths;
}

/** The anchors of a page's headings as GitHub makes them: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const slug = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const repeats = seen.get(slug) ?? 0;
    seen.set(slug, repeats + 1);
    anchors.add(repeats ? `${slug}-${repeats}` : slug);
  }
  return anchors;
}

/** The repository path a relative link points to; undefined for external links and bare anchors. */
export function linkedPath(fromFile: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined; // URL
  const path = decodeURI(target.replace(/[?#].*$/, ''));
  if (path === '') return undefined; // #anchor in the same page
  return path.startsWith('/') ? posix.normalize(path.slice(1)) : posix.join(posix.dirname(fromFile), path);
}

/** The paths among `paths` that git ignores. */
function ignored(paths: readonly string[]): string[] {
  if (paths.length === 0) return [];
  try {
    return execFileSync('git', ['check-ignore', '--no-index', ...paths], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch (error) {
    // Exit status 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

describe('Markdown links', () => {
  describe('the link reader', () => {
    it('finds inline links, images and reference definitions, with their lines', () => {
      const markdown = [
        'See [the spec](docs/spec/fleet-api.md) and [a `code` text](../outside.md#anchor "title").',
        '![diagram](img/a%20b.png)',
        '[a wrapped',
        'text](docs/x.md)',
        '',
        '[ref]: <docs/ref.md>',
      ].join('\n');
      expect(markdownLinks(markdown)).toEqual([
        { target: 'docs/spec/fleet-api.md', line: 1 },
        { target: '../outside.md#anchor', line: 1 },
        { target: 'img/a%20b.png', line: 2 },
        { target: 'docs/x.md', line: 3 },
        { target: 'docs/ref.md', line: 6 },
      ]);
    });

    it('skips code spans and fenced code blocks', () => {
      const markdown = ['`[not](a.md)` and ``[nor](b.md)``', '```md', '[inside](c.md)', '```', '[after](d.md)'].join('\n');
      expect(markdownLinks(markdown)).toEqual([{ target: 'd.md', line: 5 }]);
    });

    it('finds the repository paths written as whole code spans, outside fenced blocks', () => {
      const markdown = [
        'The checks are `libs/geo/src/a.ts` and `src/b.spec.ts`; not `npm test`, `test/e2e/*.ts` or `x/y.ts`.',
        '```',
        '`src/in-fence.ts`',
        '```',
      ].join('\n');
      expect(codeSpanPaths(markdown)).toEqual([
        { target: 'libs/geo/src/a.ts', line: 1 },
        { target: 'src/b.spec.ts', line: 1 },
      ]);
    });

    it("makes headings' anchors as GitHub does", () => {
      const markdown = [
        '# Reports',
        '## Trip and fuel reports — `POST /api/reports/trips` (`access_reports`)',
        '### Tests',
        '### Tests',
        '```',
        '# not a heading',
        '```',
      ].join('\n');
      expect([...headingAnchors(markdown)]).toEqual(['reports', 'trip-and-fuel-reports--post-apireportstrips-access_reports', 'tests', 'tests-1']);
    });

    it('resolves relative paths from the file, and ignores URLs and bare anchors', () => {
      expect(linkedPath('docs/design.md', 'spec/fleet-api.md#errors')).toBe('docs/spec/fleet-api.md');
      expect(linkedPath('README.md', '../shared/DESIGN.md')).toBe('../shared/DESIGN.md');
      expect(linkedPath('docs/a.md', '/bench/README.md')).toBe('bench/README.md');
      expect(linkedPath('docs/a.md', 'a%20b.md')).toBe('docs/a b.md');
      expect(linkedPath('README.md', 'https://github.com/x/y')).toBeUndefined();
      expect(linkedPath('README.md', 'mailto:someone@example.com')).toBeUndefined();
      expect(linkedPath('README.md', '#tests')).toBeUndefined();
    });
  });

  it('lead to files of the repository from every Markdown file', () => {
    const files = repositoryFiles();
    const present = new Set(['.', ...files]);
    for (const file of files) for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) present.add(dir);
    const markdownFiles = files.filter((file) => file.toLowerCase().endsWith('.md'));
    expect(markdownFiles).toContain('README.md');

    let checked = 0;
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const { target, line } of markdownLinks(repositoryText(file))) {
        const path = linkedPath(file, target);
        if (path === undefined) continue;
        checked++;
        const resolved = posix.normalize(path).replace(/\/$/, '');
        if (!present.has(resolved)) broken.push(`${file}:${line}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(10); // the reader did find the links
  });

  it('lead to a heading of the page where they name an anchor', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of repositoryFiles().filter((name) => name.toLowerCase().endsWith('.md'))) {
      for (const { target, line } of markdownLinks(repositoryText(file))) {
        const anchor = /#(.+)$/.exec(target)?.[1];
        const path = target.startsWith('#') ? file : linkedPath(file, target);
        if (!anchor || !path?.endsWith('.md') || !existsSync(posix.join(ROOT, path))) continue;
        checked++;
        if (!headingAnchors(repositoryText(path)).has(decodeURIComponent(anchor))) broken.push(`${file}:${line}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(50); // the reader did find them
  });

  it('name files of the repository where they write a path as code (`src/…`, `libs/…`)', () => {
    const files = repositoryFiles();
    const present = new Set(files);
    const named = files
      .filter((file) => file.toLowerCase().endsWith('.md'))
      .flatMap((file) => codeSpanPaths(repositoryText(file)).map((path) => ({ file, ...path })));
    // From the repository's root, or from the page's folder (a package's own README).
    const missing = named.filter(({ file, target }) => !present.has(target) && !present.has(posix.join(posix.dirname(file), target)));
    // What git ignores is built or measured (`src/metadata.ts`, bench results): named, never committed.
    const built = new Set(ignored(missing.map(({ target }) => target)));
    expect(missing.filter(({ target }) => !built.has(target)).map(({ file, line, target }) => `${file}:${line}: ${target}`)).toEqual([]);
    expect(named.length).toBeGreaterThan(50); // the reader did find the paths
  });
});
