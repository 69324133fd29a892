import { strToU8, zipSync } from 'fflate';
import { inflateZipEntry, readZipDirectory, ZipEntryError } from '.';

const archive = (files: Record<string, Uint8Array>, level: 0 | 6 = 6) => Buffer.from(zipSync(files, { level }));
const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ZipEntryError);
    return (error as ZipEntryError).problem;
  }
  throw new Error('expected a ZipEntryError');
};

describe('inflateZipEntry', () => {
  it('reads stored and deflated entries as the directory lists them', () => {
    for (const level of [0, 6] as const) {
      const zip = archive({ 'a.txt': strToU8('hola '.repeat(1000)), 'b.txt': strToU8('chao') }, level);
      const entries = readZipDirectory(zip)!;
      expect(entries.map((entry) => [entry.name, entry.method])).toEqual([
        ['a.txt', level === 0 ? 0 : 8],
        ['b.txt', level === 0 ? 0 : 8],
      ]);
      expect(inflateZipEntry(zip, entries[0], 10_000).toString()).toBe('hola '.repeat(1000));
      expect(inflateZipEntry(zip, entries[1], 10_000).toString()).toBe('chao');
    }
  });

  it('stops at the bound whether the size is declared or hidden', () => {
    const zip = archive({ 'big.txt': new Uint8Array(2_000_000) });
    const [entry] = readZipDirectory(zip)!;
    expect(problemOf(() => inflateZipEntry(zip, entry, 100_000))).toBe('too-large');
    expect(problemOf(() => inflateZipEntry(zip, { ...entry, uncompressedSize: 10 }, 100_000))).toBe('too-large');
    expect(problemOf(() => inflateZipEntry(zip, { ...entry, uncompressedSize: 10 }, 3_000_000))).toBe('damaged');
  });

  it('tells a cut or scrambled deflate stream, a missing local header and unsupported entries apart', () => {
    const zip = archive({ 'a.txt': strToU8('hola '.repeat(1000)) });
    const [entry] = readZipDirectory(zip)!;
    expect(problemOf(() => inflateZipEntry(zip, { ...entry, compressedSize: entry.compressedSize - 5 }, 10_000))).toBe('truncated');
    expect(problemOf(() => inflateZipEntry(zip.subarray(0, 40), entry, 10_000))).toBe('truncated');
    expect(problemOf(() => inflateZipEntry(zip, { ...entry, localHeaderOffset: 3 }, 10_000))).toBe('damaged');
    expect(problemOf(() => inflateZipEntry(zip, { ...entry, flags: 1 }, 10_000))).toBe('unsupported');
    expect(problemOf(() => inflateZipEntry(zip, { ...entry, method: 12 }, 10_000))).toBe('unsupported');
  });

  it('answers no directory for a truncated archive', () => {
    const zip = archive({ 'a.txt': strToU8('x') });
    expect(readZipDirectory(zip.subarray(0, zip.length - 10))).toBeUndefined();
  });
});
