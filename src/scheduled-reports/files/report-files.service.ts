import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection, mongo, Types } from 'mongoose';
import { createHash, randomBytes } from 'node:crypto';
import { AppConfig } from '@app/config';
import { InjectRepository, TenantRepository, TenantScope } from '@app/database';
import type { BuiltReport } from '../sources/report-source';
import { ApiBaseUrl } from './api-base-url';
import { ReportFile } from './report-file.schema';

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The GridFS bucket holding the files of the download links. */
export function reportFileBucket(connection: Connection): mongo.GridFSBucket {
  return new mongo.GridFSBucket(connection.db!, { bucketName: 'report_files' });
}

export interface ReportLink {
  url: string;
  expiresAt: Date;
}

/**
 * Files too large for a mail (over MAIL_ATTACHMENT_MAX_BYTES): stored in GridFS for
 * REPORT_FILE_RETENTION_DAYS behind an unguessable link (256 random bits; only its hash is kept), which the
 * mail carries instead.
 */
@Injectable()
export class ReportFiles {
  constructor(
    @InjectRepository(ReportFile) private readonly files: TenantRepository<ReportFile>,
    @InjectConnection() private readonly connection: Connection,
    private readonly config: AppConfig,
    private readonly baseUrl: ApiBaseUrl,
  ) {}

  /** Whether a file this large goes as a link rather than attached. */
  tooLargeToAttach(file: BuiltReport): boolean {
    return file.body.length > this.config.get('MAIL_ATTACHMENT_MAX_BYTES');
  }

  /** Stores a run's file and answers its link. The bytes first: a record never names missing bytes. */
  async store(scope: TenantScope, runId: Types.ObjectId, file: BuiltReport): Promise<ReportLink> {
    // Prefixed like our other tokens: the request log redacts it, secret scanners recognise it.
    const token = `rpt_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(Date.now() + this.config.retentionMs('REPORT_FILE_RETENTION_DAYS'));
    const _id = new Types.ObjectId();
    await new Promise<void>((resolve, reject) => {
      const upload = reportFileBucket(this.connection).openUploadStreamWithId(_id, file.fileName, { metadata: { contentType: file.contentType } });
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(file.body);
    });
    await this.files.create(scope, {
      _id,
      runId,
      fileName: file.fileName,
      contentType: file.contentType,
      bytes: file.body.length,
      tokenHash: hashLinkToken(token),
      expiresAt,
    });
    return { url: `${this.baseUrl.get()}/api/report-files/${token}`, expiresAt };
  }
}
