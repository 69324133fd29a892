import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { Readable } from 'node:stream';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { badRequest, DomainException, notFound } from '@app/errors';
import { Upload } from './schemas/upload.schema';
import { UploadContentStore } from './upload-content.store';
import { UploadError } from './upload-errors';
import { detectFileType, safeFilename, UPLOAD_FILE_TYPES } from './upload-file-types';
import type { ReceivedFile } from './upload-file.interceptor';
import { toUploadView, UploadView } from './upload.view';

/** Storing an uploaded photo or document (content in GridFS, metadata as a tenant record) and reading it back. */
@Injectable()
export class UploadsService {
  constructor(
    @InjectRepository(Upload) private readonly uploads: TenantRepository<Upload>,
    private readonly content: UploadContentStore,
    private readonly activity: ActivityRecorder,
  ) {}

  async store(auth: AuthContext, file: ReceivedFile | undefined): Promise<UploadView> {
    if (!file || file.size === 0) throw badRequest('Send one non-empty file in the multipart/form-data field "file"');
    const type = detectFileType(file.buffer);
    if (!type) {
      const accepted = UPLOAD_FILE_TYPES.map((known) => known.contentType).join(', ');
      throw new DomainException(UploadError.UPLOAD_TYPE_UNSUPPORTED, `The file's content is not one of ${accepted}`);
    }
    const id = new Types.ObjectId();
    const filename = safeFilename(file.originalname, type.contentType);
    // Content first: a metadata record always has its bytes. Content without a record (a crash in
    // between) is removed by the sweep like any unreferenced upload.
    await this.content.write(id, auth.clientId, filename, file.buffer);
    const upload = await this.uploads.create(auth, {
      _id: id,
      uploaderId: auth.userId,
      filename,
      contentType: type.contentType,
      size: file.size,
      createdAt: new Date(),
      referencedAt: null,
    });
    await this.activity.created(auth, { type: 'upload', id: id }, `File "${filename}" uploaded (${type.contentType}, ${file.size} bytes)`, {
      filename,
      contentType: type.contentType,
      size: file.size,
    });
    return toUploadView(upload);
  }

  /** The upload and its content; unknown, malformed and another client's ids are all 404. */
  async open(auth: AuthContext, id: string): Promise<{ upload: Stored<Upload>; body: Readable }> {
    const upload = await this.uploads.findById(auth, id);
    if (!upload) throw notFound('Upload');
    return { upload, body: this.content.read(upload._id) };
  }
}
