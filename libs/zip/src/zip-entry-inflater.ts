import { Inflate } from 'fflate';
import type { ZipEntry } from './zip-directory';

const LOCAL_HEADER = 0x04034b50;
// A deflate block inflates at most ~1 032 times: 16 KB of input at a time can overshoot the bound
// by ~16 MB at worst before the count stops it.
const INPUT_SLICE = 16 * 1024;

/** Why an entry could not be read: the caller turns it into a message for its file type. */
export type ZipEntryProblem = 'truncated' | 'too-large' | 'damaged' | 'unsupported';

export class ZipEntryError extends Error {
  constructor(
    readonly problem: ZipEntryProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ZipEntryError';
  }
}

/**
 * The bytes of one entry of an archive whose directory was read with `readZipDirectory`, inflated
 * a slice at a time and stopped past `maxBytes`: an entry that declares a small size and inflates
 * to gigabytes never gets there. Stored (0) and deflated (8) entries, not encrypted ones.
 */
export function inflateZipEntry(buffer: Buffer, entry: ZipEntry, maxBytes: number): Buffer {
  if (entry.flags & 1) throw new ZipEntryError('unsupported', `${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) throw new ZipEntryError('unsupported', `${entry.name} uses compression method ${entry.method}`);
  if (entry.uncompressedSize > maxBytes) throw new ZipEntryError('too-large', `${entry.name} declares ${entry.uncompressedSize} bytes`);
  const data = entryData(buffer, entry);
  const inflated = entry.method === 0 ? data : inflateBounded(data, entry.name, maxBytes);
  if (inflated.length > maxBytes) throw new ZipEntryError('too-large', `${entry.name} is over ${maxBytes} bytes`);
  if (inflated.length !== entry.uncompressedSize) {
    throw new ZipEntryError('damaged', `${entry.name} holds ${inflated.length} bytes, its directory says ${entry.uncompressedSize}`);
  }
  return inflated;
}

function entryData(buffer: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipEntryError('damaged', `${entry.name} has no local header`);
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buffer.length) throw new ZipEntryError('truncated', `${entry.name} ends before its data`);
  return buffer.subarray(start, start + entry.compressedSize);
}

function inflateBounded(data: Buffer, name: string, maxBytes: number): Buffer {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let finished = false;
  const inflate = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > maxBytes) throw new ZipEntryError('too-large', `${name} inflates to more than ${maxBytes} bytes`);
    chunks.push(chunk);
    finished = final;
  });
  try {
    for (let offset = 0; offset < data.length; offset += INPUT_SLICE) {
      inflate.push(data.subarray(offset, offset + INPUT_SLICE), offset + INPUT_SLICE >= data.length);
    }
    if (data.length === 0) inflate.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof ZipEntryError) throw error;
    // fflate's code 0 is "unexpected EOF": the stream was cut, not scrambled.
    if ((error as { code?: unknown }).code === 0) throw new ZipEntryError('truncated', `${name} ends before its deflate stream does`);
    throw new ZipEntryError('damaged', `${name} does not inflate (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!finished) throw new ZipEntryError('truncated', `${name} ends before its deflate stream does`);
  return Buffer.concat(chunks);
}
