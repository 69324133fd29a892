import { Readable } from 'node:stream';

/** The largest file sent as an attachment (DESIGN.md: over 10 MB, a link instead). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Thrown when a report's file is over MAX_ATTACHMENT_BYTES. */
export class ReportTooLarge extends Error {}

/** A report's body as one Buffer, refusing (and stopping the stream) past the attachment limit. */
export async function readWhole(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > MAX_ATTACHMENT_BYTES) throw new ReportTooLarge(`The file is ${body.length} bytes, over the 10 MB an attachment may have`);
    return body;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > MAX_ATTACHMENT_BYTES) {
      body.destroy();
      throw new ReportTooLarge('The file is over the 10 MB an attachment may have');
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
