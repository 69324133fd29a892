import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root (where package.json is), from source or from dist/. */
export function projectRoot(start = __dirname): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}
