import type { Stored } from '@app/database';
import type { Upload } from './schemas/upload.schema';

/** A stored upload: put its `id` in a `file` field's answer. */
export class UploadView {
  /** The upload's id, what a `file` answer lists. */
  id: string;
  /** The sent file name, made safe for download headers. */
  filename: string;
  /** The type read from the content: image/jpeg, image/png, image/webp, image/heic or application/pdf. */
  contentType: string;
  /** Size in bytes. */
  size: number;
}

export function toUploadView(upload: Stored<Upload>): UploadView {
  return { id: upload._id.toHexString(), filename: upload.filename, contentType: upload.contentType, size: upload.size };
}
