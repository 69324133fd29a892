import { ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

/** The app in a process of its own (from its sources), to be killed like a deployment's would be. */
export interface AppProcess {
  child: ChildProcess;
  url: string;
  /** What it printed so far (stdout and stderr), for failure messages. */
  output(): string;
}

export interface StartAppOptions {
  /** The app's environment on top of a clean one (the jest worker's test variables are not passed). */
  env: Record<string, string>;
  /** How long the app may take to answer its health check. */
  startTimeoutMs?: number;
  /** How much of its latest output to keep (characters). */
  keepOutput?: number;
}

/** The variables of this process the app may inherit: the system's, never the test run's. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'JAVA_HOME', 'LANG', 'TMPDIR', 'MAVEN_OPTS'];
  return Object.fromEntries(keep.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key] as string]));
}

export async function startAppProcess({ env, startTimeoutMs = 180_000, keepOutput = 20_000 }: StartAppOptions): Promise<AppProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: { ...baseEnv(), LOG_LEVEL: process.env.RESILIENCE_APP_LOG ? 'info' : 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // RESILIENCE_APP_LOG=<file>: every app's whole output appended there (at LOG_LEVEL=info), to read a failed run afterwards.
  const logFile = process.env.RESILIENCE_APP_LOG;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepOutput);
    if (logFile) appendFileSync(logFile, chunk.toString().replace(/^(?=.)/gm, `[${child.pid}] `));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const app = { child, url: `http://127.0.0.1:${port}`, output: () => output };
  await waitForHealth(app, startTimeoutMs);
  return app;
}

/** Polls `/api/health` until it answers 200; throws with the app's output if it exits or times out. */
export async function waitForHealth(app: AppProcess, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) {
      throw new Error(`the app exited (${app.child.exitCode ?? app.child.signalCode}) before answering:\n${app.output()}`);
    }
    const ok = await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return Date.now() - started;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the app did not answer /api/health within ${timeoutMs} ms:\n${app.output()}`);
}

/** SIGKILL, as the kernel's OOM killer or `kill -9` would; resolves once it is reaped. */
export function killHard(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((done) => app.child.once('exit', () => done()));
  app.child.kill('SIGKILL');
  return exited;
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  command: string;
}

/** Every process of the machine (Linux /proc), with its parent, process group and command line. */
export function listProcesses(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name in parentheses: state, ppid, pgrp.
      const [, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      found.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), command });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * The processes descended from `pid` (its children, theirs, …), plus those in a process group
 * one of them leads: what the app started, even once orphaned to init (re-parented processes
 * keep their group). `pid` itself is not included.
 */
export function descendantsOf(pid: number, processes = listProcesses()): ProcessInfo[] {
  const tree = new Set<number>([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of processes) {
      if (!tree.has(p.pid) && (tree.has(p.ppid) || tree.has(p.pgid))) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return processes.filter((p) => p.pid !== pid && tree.has(p.pid));
}

/** Processes still alive among `candidates` (zombies count as gone: they hold nothing). */
export function stillRunning(candidates: readonly ProcessInfo[]): ProcessInfo[] {
  return candidates.filter(({ pid }) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
    } catch {
      return false;
    }
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
