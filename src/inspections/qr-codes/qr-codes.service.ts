import { Injectable } from '@nestjs/common';
import { mongo, Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import { InjectRepository, TenantRepository, UniqueKeyLookup, type Stored, type TenantScope } from '@app/database';
import { InspectionQrCode } from '../schemas/inspection-qr-code.schema';
import { InspectionQrScan } from '../schemas/inspection-qr-scan.schema';
import { randomQrCode } from './qr-code-issuing';

export type StoredQrCode = Stored<InspectionQrCode>;

const DUPLICATE_KEY = 11000;
const ISSUE_ATTEMPTS = 5;

/** Issuing, replacing and looking up inspection QR codes, and their scan history. */
@Injectable()
export class QrCodesService {
  // Scans are the busy path: the codes scanned in one event-loop turn are read by one query on
  // the unique `{code}` index, and a code once found is reused for READ_CACHE_TTL_SECONDS
  // (unknown codes are not kept).
  private readonly byCode: UniqueKeyLookup<InspectionQrCode>;
  // Scan history in group commits: the scans of one turn share one insertMany, each request
  // still waits for its own entry.
  private readonly history: ReturnType<TenantRepository<InspectionQrScan>['batchedAppender']>;

  constructor(
    @InjectRepository(InspectionQrCode) private readonly codes: TenantRepository<InspectionQrCode>,
    @InjectRepository(InspectionQrScan) scans: TenantRepository<InspectionQrScan>,
    config: AppConfig,
  ) {
    this.byCode = codes.lookupBy('code', { batch: true, cacheMs: config.readCacheTtlMs });
    this.history = scans.batchedAppender();
  }

  /** A new valid code for an asset, from 40 random bits; a collision (1 in 10^12) draws again. */
  async issue(scope: TenantScope, assetId: Types.ObjectId): Promise<StoredQrCode> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.codes.create(scope, { assetId, code: randomQrCode(), status: 'valid' });
      } catch (error) {
        if (!(error instanceof mongo.MongoServerError && error.code === DUPLICATE_KEY) || attempt >= ISSUE_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Replaces a valid QR with a new one for the same asset: the old one is revoked and keeps the
   * link to its successor. Without transactions, the new code is written first; if the old one
   * was replaced meanwhile, the new one is removed and the concurrent replacement wins.
   */
  async replace(scope: TenantScope, previous: StoredQrCode): Promise<StoredQrCode | null> {
    const next = await this.issue(scope, previous.assetId);
    const revoked = await this.codes.updateRecord(scope, previous, { $set: { status: 'revoked', revokedAt: new Date(), replacedBy: next._id } }, { status: 'valid' });
    this.byCode.evict(previous.code);
    if (revoked) return next;
    await this.codes.deleteMany(scope, { _id: next._id });
    return null;
  }

  /**
   * A code (canonical form) of the caller's client, or null. Read-only. A replacement made by
   * this process shows at once, one made by another within the cache's life.
   */
  findByCode(scope: TenantScope, code: string): Promise<StoredQrCode | null> {
    return this.byCode.find(scope, code);
  }

  /** Appends who scanned the QR, and when, to its history. */
  recordScan(auth: AuthContext, qr: StoredQrCode): Promise<void> {
    return this.history.insert(auth, {
      qrCodeId: qr._id,
      assetId: qr.assetId,
      userId: auth.userId,
      scannedAt: new Date(),
      requestId: auth.request.requestId,
    });
  }
}
