import { createReadStream } from 'node:fs';

/**
 * The messages of a file, one at a time, without holding the file in memory: a JSON array of
 * objects (split here at its top-level elements) or NDJSON (one object a line). The format is
 * told by the first non-blank character.
 */
export async function* readMessages(path: string): AsyncGenerator<unknown> {
  const splitter = new JsonArraySplitter();
  let format: 'array' | 'ndjson' | undefined;
  let pending = '';
  let line = 0;
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>) {
    if (!format) {
      const first = chunk.trimStart()[0];
      if (first === undefined) continue;
      format = first === '[' ? 'array' : 'ndjson';
    }
    if (format === 'array') {
      yield* splitter.push(chunk);
      continue;
    }
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const text of lines) {
      line++;
      if (text.trim()) yield parseLine(text, line);
    }
  }
  if (format === 'array') splitter.end();
  else if (pending.trim()) yield parseLine(pending, line + 1);
}

function parseLine(text: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`Line ${line} is not valid JSON`);
  }
}

/** Splits a streamed JSON array into its elements (objects or arrays) and parses each. */
export class JsonArraySplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private carry = '';
  private count = 0;

  *push(chunk: string): Generator<unknown> {
    const text = this.carry + chunk;
    let start = this.carry.length > 0 ? 0 : -1;
    for (let i = this.carry.length; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92 /* \ */) this.escaped = true;
        else if (c === 34 /* " */) this.inString = false;
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) {
        if (++this.depth === 2) start = i;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        if (--this.depth === 1) {
          yield this.parse(text.slice(start, i + 1));
          start = -1;
        } else if (this.depth < 0) throw new Error('The JSON array is malformed');
      }
    }
    this.carry = start >= 0 ? text.slice(start) : '';
  }

  end(): void {
    if (this.depth !== 0 || this.inString) throw new Error('The JSON array ends before it is closed');
  }

  private parse(text: string): unknown {
    this.count++;
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`Element ${this.count} of the JSON array is not valid JSON`);
    }
  }
}
