import { Readable } from 'node:stream';
import type { BuiltReport } from './report-source';

/**
 * The largest file a run builds (it is held in memory whole): past it, the run fails. Up to
 * MAIL_ATTACHMENT_MAX_BYTES it is attached to the mail, above it the mail carries a link.
 */
export const MAX_REPORT_BYTES = 100 * 1024 * 1024;

/** Thrown when a report's file is over MAX_REPORT_BYTES. */
export class ReportTooLarge extends Error {}

/** A report's body as one Buffer, refusing (and stopping the stream) past MAX_REPORT_BYTES. */
export async function readWhole(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > MAX_REPORT_BYTES) throw new ReportTooLarge(`The file is ${body.length} bytes, over the 100 MB a report may have`);
    return body;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > MAX_REPORT_BYTES) {
      body.destroy();
      throw new ReportTooLarge('The file is over the 100 MB a report may have');
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** A report service's file, whole in memory for the mail. */
export async function builtReport(file: { fileName: string; contentType: string; body: Buffer | Readable; rows: number }): Promise<BuiltReport> {
  return { fileName: file.fileName, contentType: file.contentType, body: await readWhole(file.body), rows: file.rows };
}
