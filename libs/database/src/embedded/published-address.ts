import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The embedded server's address, published by the process that runs it (`npm start`) in
 * `DATA_DIR/embedded-mongo.json`, so that the command line uses the running server instead of
 * opening the locked data file. Removed on shutdown; a file whose server process is gone (a
 * killed app) is ignored.
 */
export interface PublishedAddress {
  /** `mongodb://127.0.0.1:PORT`, without a database name. */
  uri: string;
  /** The database server's process id. */
  pid: number;
  /** The process that started it (the app). */
  ownerPid: number;
  description: string;
}

export function readPublishedAddress(file: string): PublishedAddress | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const published = JSON.parse(readFileSync(file, 'utf8')) as PublishedAddress;
    return typeof published.uri === 'string' && isAlive(published.pid) ? published : undefined;
  } catch {
    return undefined; // half-written or foreign: start a server as if there were none
  }
}

export function publishAddress(file: string, address: PublishedAddress): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(address, null, 2)}\n`, { mode: 0o600 });
}

/** Removes the file if it still names this server (another start may have replaced it). */
export function withdrawAddress(file: string, pid: number): void {
  try {
    if ((JSON.parse(readFileSync(file, 'utf8')) as PublishedAddress).pid === pid) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}

function isAlive(pid: unknown): boolean {
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
  return !isZombie(pid);
}

/**
 * A server killed with its app is a zombie until its new parent reaps it, and an init that does
 * not reap (a container's) keeps it one: it still answers `kill(pid, 0)` but serves nothing.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false; // no /proc (not Linux): trust kill(pid, 0)
  }
}
