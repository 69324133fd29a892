import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection, Model } from 'mongoose';
import { InjectUnscopedModel } from '@app/database';
import { JobRun, LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { ReportFile } from './report-file.schema';
import { reportFileBucket } from './report-files.service';

/** How often expired links are looked for. */
export const EXPIRED_FILES_EVERY_MS = 60 * 60_000;
/** An expired link answers 410 for a day, then its file goes. */
const KEPT_AFTER_EXPIRY_MS = 86_400_000;

/**
 * Deletes the files of links a day past their expiry, whatever their client (a recurring job,
 * once across instances). The bytes first, then the record: a crash between the two leaves a
 * record the next pass finds again (an expired link answers 410 before reading any bytes).
 */
@Injectable()
export class ExpiredReportFilesSweep {
  constructor(
    // Every client's expired links: the sweep's one read across clients.
    @InjectUnscopedModel(ReportFile) private readonly files: Model<ReportFile>,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  @RecurringJob('scheduled-reports.expired-files', { everyMs: EXPIRED_FILES_EVERY_MS })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.sweep(new Date(), lease);
  }

  /** Deletes what expired over a day before `now` while `lease` holds; answers how many files went. */
  async sweep(now = new Date(), lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const expired = await this.files
      .find({ expiresAt: { $lt: new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS) } }, { _id: 1 })
      .lean()
      .exec();
    const bucket = reportFileBucket(this.connection);
    for (const { _id } of expired) {
      lease.assertHeld();
      // Already gone after a crash between the two deletions: nothing to do but the record.
      await bucket.delete(_id).catch(() => undefined);
      await this.files.deleteOne({ _id }).exec();
    }
    return expired.length;
  }
}
