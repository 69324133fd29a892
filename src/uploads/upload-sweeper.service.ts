import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { JobRun, LeaseCheck, NOT_LEASED, RecurringJob } from '@app/jobs';
import { Upload } from './schemas/upload.schema';
import { UploadContentStore } from './upload-content.store';

/** How long an upload may wait for an answer to name it. */
export const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/** An upload no answer named within the retention, as of `now`. */
export function isExpired(upload: Pick<Upload, 'referencedAt' | 'createdAt'>, now: Date): boolean {
  return upload.referencedAt === null && now.getTime() - upload.createdAt.getTime() >= UPLOAD_RETENTION_MS;
}

/**
 * Removes uploads never referenced within 24 h: a recurring job (`uploads.sweep`), once every
 * `UPLOAD_SWEEP_MINUTES` across all instances. The candidates come from the GridFS files not
 * flagged as referenced; each one's record is then read in its client's scope and the expiry
 * checked here, so a file referenced meanwhile is kept.
 */
@Injectable()
export class UploadSweeperService {
  private readonly logger = new Logger(UploadSweeperService.name);

  constructor(
    @InjectRepository(Upload) private readonly uploads: TenantRepository<Upload>,
    private readonly content: UploadContentStore,
  ) {}

  @RecurringJob('uploads.sweep', { everyMs: (config) => config.get('UPLOAD_SWEEP_MINUTES') * 60_000 })
  async onSchedule({ lease }: JobRun<null>): Promise<void> {
    await this.sweep(new Date(), lease);
  }

  /** One sweep as of `now` (tests pass their own clock) while `lease` holds; answers how many uploads were removed. */
  async sweep(now: Date, lease: LeaseCheck = NOT_LEASED): Promise<number> {
    const candidates = await this.content.unreferencedBefore(new Date(now.getTime() - UPLOAD_RETENTION_MS), SWEEP_BATCH);
    let removed = 0;
    for (const { id, clientId } of candidates) {
      const record: Stored<Upload> | null = clientId ? await this.uploads.findById(scopeOfClient(clientId), id.toHexString()) : null;
      if (record && !isExpired(record, now)) continue;
      lease.assertHeld();
      // The record goes first, conditionally: an answer referencing it meanwhile keeps it.
      if (record && (await this.uploads.deleteMany(scopeOfClient(clientId!), { _id: id, referencedAt: null })) === 0) continue;
      await this.content.remove(id);
      removed += 1;
    }
    if (removed > 0) this.logger.log(`Removed ${removed} unreferenced upload(s)`);
    return removed;
  }
}
