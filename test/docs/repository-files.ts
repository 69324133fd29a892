import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

/** The repository's root, as the docs tests name paths (with forward slashes). */
export const ROOT = posix.join(__dirname, '..', '..').replace(/\\/g, '/');

/** Tracked files, and new ones not yet added (but not ignored ones: a fresh clone lacks them), below `paths` if given. */
export function repositoryFiles(...paths: string[]): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', ...paths], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return output.split('\0').filter(Boolean);
}

const texts = new Map<string, string>();

/** A file's text by its repository path, read once for all the tests of a run. */
export function repositoryText(path: string): string {
  if (!texts.has(path)) texts.set(path, readFileSync(posix.join(ROOT, path), 'utf8'));
  return texts.get(path)!;
}
