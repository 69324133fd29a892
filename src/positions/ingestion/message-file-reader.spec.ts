import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonArraySplitter, readMessages } from './message-file-reader';

const collect = async (path: string) => {
  const out: unknown[] = [];
  for await (const message of readMessages(path)) out.push(message);
  return out;
};

describe('message file reader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'messages-'));
  const messages = [
    { timestamp: 1, 'position.latitude': -33.4, text: 'a "quoted" } ] { [ brace', nested: { a: [1, { b: 2 }] } },
    { timestamp: 2 },
    { timestamp: 3, s: '\\' },
  ];

  it('reads a JSON array and NDJSON to the same messages', async () => {
    writeFileSync(join(dir, 'a.json'), `\n  ${JSON.stringify(messages, null, 2)}\n`);
    writeFileSync(join(dir, 'b.ndjson'), `${messages.map((m) => JSON.stringify(m)).join('\n')}\n\n`);
    writeFileSync(join(dir, 'c.ndjson'), messages.map((m) => JSON.stringify(m)).join('\r\n'));
    expect(await collect(join(dir, 'a.json'))).toEqual(messages);
    expect(await collect(join(dir, 'b.ndjson'))).toEqual(messages);
    expect(await collect(join(dir, 'c.ndjson'))).toEqual(messages);
  });

  it('splits elements cut anywhere between chunks', () => {
    const text = JSON.stringify(messages);
    for (let cut = 1; cut < text.length; cut++) {
      const splitter = new JsonArraySplitter();
      const out = [...splitter.push(text.slice(0, cut)), ...splitter.push(text.slice(cut))];
      splitter.end();
      expect(out).toEqual(messages);
    }
  });

  it('names a bad line or element and an unclosed array', async () => {
    writeFileSync(join(dir, 'bad.ndjson'), '{"timestamp":1}\n{"timestamp":\n');
    await expect(collect(join(dir, 'bad.ndjson'))).rejects.toThrow('Line 2 is not valid JSON');
    writeFileSync(join(dir, 'bad.json'), '[{"timestamp":1},{"timestamp":2');
    await expect(collect(join(dir, 'bad.json'))).rejects.toThrow('The JSON array ends before it is closed');
    writeFileSync(join(dir, 'bad2.json'), '[{"timestamp":1},{"timestamp" 2}]');
    await expect(collect(join(dir, 'bad2.json'))).rejects.toThrow('Element 2 of the JSON array is not valid JSON');
  });
});
