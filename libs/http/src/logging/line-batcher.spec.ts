import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LineBatcher } from './line-batcher';

/** A batcher writing to a fresh file, and that file's text. */
function batcherOnFile(batchBytes: number) {
  const file = join(mkdtempSync(join(tmpdir(), 'line-batcher-')), 'log');
  const fd = openSync(file, 'w');
  return { batcher: new LineBatcher(fd, batchBytes), text: () => readFileSync(file, 'utf8'), close: () => closeSync(fd) };
}

const written = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('LineBatcher', () => {
  it('keeps lines until they reach the batch size, then hands them over in one piece, in order', async () => {
    const { batcher, text, close } = batcherOnFile(100);
    batcher.write('a'.repeat(40) + '\n');
    batcher.write('b'.repeat(40) + '\n');
    await written();
    expect(text()).toBe('');
    batcher.write('c'.repeat(40) + '\n');
    await written();
    expect(text()).toBe(['a', 'b', 'c'].map((letter) => letter.repeat(40) + '\n').join(''));
    close();
  });

  it('answers flush(callback) (pino calls it so) and writes everything at once with flushSync', async () => {
    const { batcher, text, close } = batcherOnFile(4096);
    batcher.write('one\n');
    const flushed = new Promise<void>((resolve) => batcher.flush(() => resolve()));
    await flushed;
    await written();
    expect(text()).toBe('one\n');
    batcher.write('two\n');
    batcher.flushSync();
    expect(text()).toBe('one\ntwo\n');
    close();
  });
});
