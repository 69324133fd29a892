import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../../..');

/**
 * A process logging through AppLogger to its stdout (a pipe, as under a log collector): `script`
 * runs after `logger` is made. Answers each chunk of stdout with the milliseconds since start.
 */
function runLogger(script: string, runForMs: number): Promise<{ atMs: number; text: string }[]> {
  const program = `const { AppLogger } = require(${JSON.stringify(join(ROOT, 'libs/http/src/logging/app-logger.ts'))});
const logger = new AppLogger({ level: 'info', format: 'json' });
${script}`;
  const child = spawn(process.execPath, ['-r', join(ROOT, 'test/support/ts-register.js'), '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  const started = Date.now();
  const chunks: { atMs: number; text: string }[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push({ atMs: Date.now() - started, text: chunk.toString() }));
  const killer = setTimeout(() => child.kill('SIGTERM'), runForMs);
  return new Promise((resolve) => child.once('close', () => (clearTimeout(killer), resolve(chunks))));
}

describe('AppLogger to a file descriptor (buffered lines)', () => {
  it("writes a quiet process's line while it keeps running, without waiting for more lines", async () => {
    // The line is logged once the process has loaded; the process stays alive (a server between requests).
    const chunks = await runLogger(`logger.log('one quiet line', 'Test'); setTimeout(() => {}, 10000);`, 4000);
    const line = chunks.find((chunk) => chunk.text.includes('one quiet line'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!.text.trim())).toMatchObject({ msg: 'one quiet line', context: 'Test', level: 30 });
  }, 15_000);

  it('writes every line still buffered when the process exits at once', async () => {
    const chunks = await runLogger(`for (let i = 0; i < 3; i++) logger.log('line ' + i); process.exit(0);`, 10_000);
    const lines = chunks
      .map((chunk) => chunk.text)
      .join('')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text).msg);
    expect(lines).toEqual(['line 0', 'line 1', 'line 2']);
  }, 15_000);

  it('gathers a steady stream of lines into few writes', async () => {
    // A line every millisecond or so, as request lines come under load.
    const chunks = await runLogger(
      `let i = 0; const timer = setInterval(() => { logger.log('request ' + i++); if (i === 1000) { clearInterval(timer); setTimeout(() => process.exit(0), 100); } }, 1);`,
      10_000,
    );
    const text = chunks.map((chunk) => chunk.text).join('');
    expect(text.trim().split('\n')).toHaveLength(1000);
    // A write a line arrives as hundreds of reads; 4 KiB writes (about 50 lines each) as a few dozen.
    expect(chunks.length).toBeLessThan(100);
  }, 15_000);
});
