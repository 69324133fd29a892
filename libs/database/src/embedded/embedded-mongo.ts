import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveJavaClasspath } from './java-classpath';
import { projectRoot } from './project-root';

/**
 * The server runs in a process group of its own: a signal to the app's group (Ctrl-C in a
 * terminal, a supervisor stopping `npm start`) reaches the app alone, whose shutdown still writes
 * to it and then stops it. It never outlives the app: it stops when its input, a pipe the app
 * holds, closes.
 */
const OWN_PROCESS_GROUP = true;

export type EmbeddedKind = 'mongod' | 'java';

export interface EmbeddedMongoOptions {
  /** Forces one server; unset: `mongod` when it is on PATH, else mongo-java-server. */
  kind?: EmbeddedKind;
  /** Keep data in this directory (H2 file or mongod dbpath); unset: in memory / a temp dir. */
  dataDir?: string;
  /** Java heap bound for mongo-java-server (e.g. `1g`). */
  javaHeap?: string;
  /** A fixed port (to restart a server where clients expect it); unset: a free one. */
  port?: number;
}

const START_TIMEOUT_MS = 120_000;

/**
 * Runs a command (`sh -c THIS sh CMD ARGS...`) until it exits or until this shell's standard input
 * closes, then stops it (SIGTERM, as on SIGTERM of the shell). The app keeps that pipe open while
 * it lives, so mongod ends when the app does, even killed with SIGKILL; the Java
 * launcher watches its own input the same way. The shell's exit status is the command's; it
 * prints `PID <n>` (the command's process) first.
 */
const UNTIL_INPUT_ENDS = [
  'exec 3<&0 </dev/null',
  '"$@" & child=$!',
  'echo "PID $child"',
  "trap 'kill -TERM $child 2>/dev/null' TERM INT",
  '{ cat <&3 >/dev/null; kill -TERM $child 2>/dev/null; } &',
  'watcher=$!',
  'exec 3<&-',
  'wait $child; status=$?',
  'wait $child 2>/dev/null',
  'kill $watcher 2>/dev/null',
  'exit $status',
].join('\n');

/** A MongoDB-compatible server started (and stopped) by this process, on 127.0.0.1 and a free port. */
export class EmbeddedMongo {
  /** Use `EmbeddedMongo.start`. */
  constructor(
    readonly kind: EmbeddedKind,
    readonly uri: string,
    readonly description: string,
    private readonly child: ChildProcess,
    private readonly cleanup: () => void,
    /** The server's own process when `child` is a wrapper around it (mongod). */
    private readonly serverPid?: number,
  ) {}

  static async start(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
    const kind = options.kind ?? (isOnPath('mongod') ? 'mongod' : 'java');
    return kind === 'mongod' ? startMongod(options) : startJavaServer(options);
  }

  private readonly stopHooks: Array<() => void> = [];

  /** Runs when the server stops (the app withdraws its published address). */
  onStop(hook: () => void): void {
    this.stopHooks.push(hook);
  }

  /** The server's process id (the bench reads its CPU time). */
  get pid(): number | undefined {
    return this.serverPid ?? this.child.pid;
  }

  async stop(): Promise<void> {
    for (const hook of this.stopHooks.splice(0)) hook();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.cleanup();
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.end(); // the java launcher stops when its input closes
    if (this.kind === 'mongod') this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    this.cleanup();
  }
}

function isOnPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

async function startJavaServer(options: EmbeddedMongoOptions): Promise<EmbeddedMongo> {
  const root = projectRoot();
  const launcherDir = join(root, 'tools', 'mongo-java-server');
  const classpath = await resolveJavaClasspath(launcherDir, join(root, 'node_modules', '.cache', 'mongo-java-server'));
  const args = [`-Xmx${options.javaHeap ?? '1g'}`, '-XX:+UseSerialGC', '-cp', classpath, join(launcherDir, 'MongoJavaServerLauncher.java')];
  if (options.port) args.push('--port', String(options.port));
  let where = 'in memory';
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    const file = join(options.dataDir, 'fleet.mv.db');
    args.push('--h2', file);
    where = `H2 file ${file}`;
  }
  const child = spawn('java', args, { stdio: ['pipe', 'pipe', 'pipe'], detached: OWN_PROCESS_GROUP });
  const port = await waitForLine(child, /^LISTENING (\d+)$/m).then((match) => Number(match[1]));
  return new EmbeddedMongo('java', `mongodb://127.0.0.1:${port}`, `mongo-java-server 1.47 (${where}) on 127.0.0.1:${port}`, child, () => undefined);
}

async function startMongod(options: EmbeddedMongoOptions): Promise<EmbeddedMongo> {
  const temporary = !options.dataDir;
  const dbPath = options.dataDir ? join(options.dataDir, 'mongod') : mkdtempSync(join(tmpdir(), 'fleet-mongod-'));
  mkdirSync(dbPath, { recursive: true });
  const port = options.port ?? (await freePort());
  const mongodArgs = ['--port', String(port), '--bind_ip', '127.0.0.1', '--dbpath', dbPath, '--quiet'];
  const child = spawn('sh', ['-c', UNTIL_INPUT_ENDS, 'sh', 'mongod', ...mongodArgs], { stdio: ['pipe', 'pipe', 'pipe'], detached: OWN_PROCESS_GROUP });
  const serverPid = await waitForLine(child, /^PID (\d+)$/m).then((match) => Number(match[1]));
  await waitForPort(child, port);
  const cleanup = () => temporary && rmSync(dbPath, { recursive: true, force: true });
  return new EmbeddedMongo('mongod', `mongodb://127.0.0.1:${port}`, `mongod (data in ${dbPath}) on 127.0.0.1:${port}`, child, cleanup, serverPid);
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('timed out')), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`embedded database did not start: ${error.message}\n${output.slice(-2000)}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`exited with code ${code}`)));
  });
}

async function waitForPort(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mongod exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('mongod did not start listening in time');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
