import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { repositoryFiles, repositoryText, ROOT } from './repository-files';

/**
 * Code, benchmarks and pages send the reader to a section of a page as `docs/<page>.md,
 * "<section>"`. Each such reference names a heading of that page, or the bold lead of one of its
 * paragraphs or list items: a section renamed or folded into another must take its references
 * along.
 */

export interface SectionReference {
  page: string;
  section: string;
}

/** The section references of a text, comment markers between their lines taken away. */
export function sectionReferences(text: string): SectionReference[] {
  const joined = text.replace(/\n\s*(?:\*(?!\/)|\/\/|#)?\s*/g, ' ');
  return [...joined.matchAll(/\b(docs\/[\w-]+\.md),\s+"([^"]+)"/g)].map((match) => ({ page: match[1], section: match[2] }));
}

/** Whether a page has the section: a heading holding its words, or a paragraph led by them in bold. */
export function hasSection(page: string, section: string): boolean {
  return page.split('\n').some((line) => (/^#{1,6} /.test(line) && line.includes(section)) || line.includes(`**${section}`));
}

function sourcesAndPages(): string[] {
  // The generated metadata is large and quotes no page; this folder's own tests quote examples.
  return repositoryFiles('src', 'libs', 'bench', 'scripts', 'test', 'docs', 'README.md').filter(
    (file) => /\.(ts|js|md)$/.test(file) && file !== 'src/metadata.ts' && !file.startsWith('test/docs/'),
  );
}

describe('references to sections of the docs', () => {
  it('are read across comment lines', () => {
    const text = ['/**', ' * See the pages (docs/a.md,', ' * "Two words") and', ' */', '// docs/b-c.md, "Heading"'].join('\n');
    expect(sectionReferences(text)).toEqual([
      { page: 'docs/a.md', section: 'Two words' },
      { page: 'docs/b-c.md', section: 'Heading' },
    ]);
  });

  it('find a heading or a bold lead', () => {
    const page = ['# Page', '## Alerts — `/api/alerts`', '- **Copies.** what is copied', 'Plain words'].join('\n');
    expect(['Alerts', 'Copies', 'Page'].map((section) => hasSection(page, section))).toEqual([true, true, true]);
    expect(hasSection(page, 'Plain words')).toBe(false);
  });

  it('name a section of their page', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of sourcesAndPages()) {
      for (const { page, section } of sectionReferences(repositoryText(file))) {
        checked++;
        if (!existsSync(posix.join(ROOT, page)) || !hasSection(repositoryText(page), section)) broken.push(`${file}: ${page}, "${section}"`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100); // the reader did find them
  });
});
