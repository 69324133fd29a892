/** One entry of a ZIP archive's central directory. */
export interface ZipEntry {
  name: string;
  /** What the directory declares; an archive may lie, so inflating checks it again. */
  uncompressedSize: number;
  compressedSize: number;
  /** 0: stored, 8: deflate; anything else is not read. */
  method: number;
  /** General-purpose flags (bit 0: encrypted). */
  flags: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
// The end record is 22 bytes plus a comment of up to 65 535 bytes.
const MAX_END_RECORD = 22 + 0xffff;

/**
 * The entries of a ZIP archive as its central directory lists them, or undefined when the buffer
 * is not a whole ZIP archive (a truncated upload loses the directory, which sits at the end).
 * Read before inflating anything: it tells an .xlsx or a .kmz from other ZIPs and lets a reader
 * refuse an archive that declares far more than it should hold (a "zip bomb").
 */
export function readZipDirectory(buffer: Buffer): ZipEntry[] | undefined {
  const end = findEndRecord(buffer);
  if (end === undefined) return undefined;
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== DIRECTORY_ENTRY) return undefined;
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > buffer.length) return undefined;
    entries.push({
      name: buffer.toString('utf8', offset + 46, offset + 46 + nameLength),
      // 0xFFFFFFFF means a ZIP64 size: far beyond anything read here, so it stays huge.
      uncompressedSize: buffer.readUInt32LE(offset + 24),
      compressedSize: buffer.readUInt32LE(offset + 20),
      method: buffer.readUInt16LE(offset + 10),
      flags: buffer.readUInt16LE(offset + 8),
      localHeaderOffset: buffer.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function findEndRecord(buffer: Buffer): number | undefined {
  const lowest = Math.max(0, buffer.length - MAX_END_RECORD);
  for (let position = buffer.length - 22; position >= lowest; position--) {
    if (buffer.readUInt32LE(position) === END_OF_DIRECTORY) return position;
  }
  return undefined;
}
