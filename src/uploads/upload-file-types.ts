/** A file type uploads accept, recognised by its first bytes. */
export interface UploadFileType {
  contentType: string;
  /** The extensions a form field's `allowedExtensions` may name for it. */
  extensions: readonly string[];
  matches(head: Buffer): boolean;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * Photos and documents an inspector attaches. The type is read from the content, never from the
 * name or the client's `Content-Type`, so a renamed executable is refused.
 */
export const UPLOAD_FILE_TYPES: readonly UploadFileType[] = [
  { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  { contentType: 'image/png', extensions: ['png'], matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/webp', extensions: ['webp'], matches: (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8) },
  { contentType: 'application/pdf', extensions: ['pdf'], matches: (head) => startsWith(head, ascii('%PDF-')) },
  // ISO base media: `ftyp` at 4, then a HEIF brand (phones' default photo format).
  {
    contentType: 'image/heic',
    extensions: ['heic', 'heif'],
    matches: (head) =>
      startsWith(head, ascii('ftyp'), 4) && ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(head.subarray(8, 12).toString('latin1')),
  },
];

/** The type of a file by its content, or undefined when it is none of the accepted ones. */
export function detectFileType(content: Buffer): UploadFileType | undefined {
  return UPLOAD_FILE_TYPES.find((type) => type.matches(content.subarray(0, 16)));
}

/** The extensions of a detected content type ([] for an unknown one). */
export function extensionsOf(contentType: string): readonly string[] {
  return UPLOAD_FILE_TYPES.find((type) => type.contentType === contentType)?.extensions ?? [];
}

/** A name safe in a quoted `Content-Disposition` filename: printable ASCII without quotes, slashes or backslashes. */
export function safeFilename(name: string | undefined, contentType: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\;]/g, '')
    .trim()
    .slice(0, 120);
  return base.length > 0 ? base : `upload.${extensionsOf(contentType)[0] ?? 'bin'}`;
}
