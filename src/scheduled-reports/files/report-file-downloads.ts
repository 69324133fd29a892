import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection, Model } from 'mongoose';
import type { Readable } from 'node:stream';
import { InjectUnscopedModel, Stored } from '@app/database';
import { DomainException, notFound } from '@app/errors';
import { ReportFileError } from './report-file-errors';
import { ReportFile } from './report-file.schema';
import { hashLinkToken, reportFileBucket } from './report-files.service';

/** A link's token: `rpt_` and 32 random bytes in base64url. */
const TOKEN = /^rpt_[A-Za-z0-9_-]{43}$/;

export interface ReportDownload {
  fileName: string;
  contentType: string;
  bytes: number;
  body: Readable;
}

/**
 * The download of a mailed report link (`GET /api/report-files/{token}`): the token is the
 * credential, so the file is found by its hash whatever its client — the one read across clients
 * here. Unknown: 404; past its seven days: 410.
 */
@Injectable()
export class ReportFileDownloads {
  constructor(
    // Found by the token's hash alone, before any caller exists.
    @InjectUnscopedModel(ReportFile) private readonly files: Model<ReportFile>,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  async open(token: string, now = new Date()): Promise<ReportDownload> {
    const file = TOKEN.test(token)
      ? await this.files
          .findOne({ tokenHash: hashLinkToken(token) })
          .lean<Stored<ReportFile>>()
          .exec()
      : null;
    if (!file) throw notFound('Report file');
    if (file.expiresAt <= now)
      throw new DomainException(
        ReportFileError.REPORT_LINK_EXPIRED,
        `This link expired on ${file.expiresAt.toISOString()}; the report's next run mails a new one`,
      );
    return { fileName: file.fileName, contentType: file.contentType, bytes: file.bytes, body: reportFileBucket(this.connection).openDownloadStream(file._id) };
  }
}
