import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The class path of mongo-java-server's jars. Maven fetches them into its local cache on first
 * use; the resulting class path is cached per POM content so later starts skip Maven.
 */
export async function resolveJavaClasspath(launcherDir: string, cacheDir: string): Promise<string> {
  const pom = join(launcherDir, 'pom.xml');
  const key = createHash('sha256').update(readFileSync(pom)).digest('hex').slice(0, 16);
  const cached = join(cacheDir, `classpath-${key}.txt`);
  if (existsSync(cached)) {
    const classpath = readFileSync(cached, 'utf8').trim();
    if (classpath.split(':').every((jar) => existsSync(jar))) return classpath;
  }
  mkdirSync(cacheDir, { recursive: true });
  try {
    await run('mvn', ['-q', '-B', '-f', pom, 'dependency:build-classpath', `-Dmdep.outputFile=${cached}`], {
      timeout: 300_000,
    });
  } catch (error) {
    throw new Error(`Maven could not fetch mongo-java-server (is Maven installed and Maven Central reachable?): ${(error as Error).message}`);
  }
  return readFileSync(cached, 'utf8').trim();
}
