import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { mongo, Types, type Connection } from 'mongoose';
import type { Readable } from 'node:stream';

/**
 * The bytes of uploads, in the GridFS bucket `uploads` (`uploads.files`, `uploads.chunks`) of the
 * app's database, each file under its upload's id. Who may read a file is decided by its metadata
 * record (`Upload`, a tenant record); this store is only reached after that check.
 */
const BUCKET = 'uploads';

@Injectable()
export class UploadContentStore {
  private readonly bucket: mongo.GridFSBucket;

  constructor(@InjectConnection() private readonly connection: Connection) {
    this.bucket = new mongo.GridFSBucket(connection.db!, { bucketName: BUCKET });
  }

  private files() {
    return this.connection.db!.collection(`${BUCKET}.files`);
  }

  /** Writes the content; resolves once every chunk is stored. The client is kept for the sweep. */
  write(id: Types.ObjectId, clientId: Types.ObjectId, filename: string, content: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      const stream = this.bucket.openUploadStreamWithId(id, filename, { metadata: { clientId } });
      stream.once('error', reject).once('finish', () => resolve());
      stream.end(content);
    });
  }

  read(id: Types.ObjectId): Readable {
    return this.bucket.openDownloadStream(id);
  }

  /** Files no answer referenced, stored before `cutoff`: what the sweep looks at (by `uploadDate`). */
  async unreferencedBefore(cutoff: Date, limit: number): Promise<{ id: Types.ObjectId; clientId?: Types.ObjectId }[]> {
    const files = await this.bucket.find({ uploadDate: { $lt: cutoff }, 'metadata.referenced': { $ne: true } }, { limit }).toArray();
    return files.map((file) => ({ id: file._id, clientId: file.metadata?.clientId as Types.ObjectId | undefined }));
  }

  /** Flags files an answer names, so the sweep no longer reads them. */
  async markReferenced(ids: readonly Types.ObjectId[]): Promise<void> {
    if (ids.length > 0) await this.files().updateMany({ _id: { $in: [...ids] } }, { $set: { 'metadata.referenced': true } });
  }

  /** Removes the content; a file already gone is not an error (a sweep may run twice). */
  async remove(id: Types.ObjectId): Promise<void> {
    try {
      await this.bucket.delete(id);
    } catch (error) {
      if (!(error instanceof Error && /not found/i.test(error.message))) throw error;
    }
  }
}
