import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import {
  InjectRepository,
  isDuplicateKeyError,
  TenantRepository,
  UniqueKeyLookup,
  type Page,
  type PageRequest,
  type Stored,
  type TenantScope,
} from '@app/database';
import { InspectionQrCode } from '../schemas/inspection-qr-code.schema';
import { InspectionQrScan } from '../schemas/inspection-qr-scan.schema';
import { randomQrCode } from './qr-code-issuing';

export type StoredQrCode = Stored<InspectionQrCode>;

/** How often a QR was scanned, and when last (its history in `inspection_qr_scans`). */
export interface QrScanSummary {
  scanCount: number;
  lastScannedAt: Date | null;
}

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
    @InjectRepository(InspectionQrScan) private readonly scans: TenantRepository<InspectionQrScan>,
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
        if (!isDuplicateKeyError(error) || attempt >= ISSUE_ATTEMPTS) throw error;
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
    const revoked = await this.codes.updateRecord(
      scope,
      previous,
      { $set: { status: 'revoked', revokedAt: new Date(), replacedBy: next._id } },
      { status: 'valid' },
    );
    this.byCode.evict(previous.code);
    if (revoked) return next;
    await this.codes.deleteMany(scope, { _id: next._id });
    return null;
  }

  /**
   * A new code for the asset that replaces its valid ones (the asset's sticker is reprinted): the
   * new code is written first, then every valid code of the asset older than it is revoked and
   * points at it, and this process forgets them at once (their scans answer 410). Two issues at
   * the same moment leave one valid code: the newer revokes the older, never the reverse.
   */
  async issueReplacing(scope: TenantScope, assetId: Types.ObjectId): Promise<{ issued: StoredQrCode; revoked: StoredQrCode[] }> {
    const issued = await this.issue(scope, assetId);
    // A client's asset has a handful of codes: this filter scans on mongo-java-server, over one collection.
    const previous = await this.codes.find(scope, { assetId, status: 'valid', _id: { $lt: issued._id } });
    if (previous.length > 0) {
      await this.codes.updateMany(
        scope,
        { _id: { $in: previous.map((code) => code._id) }, status: 'valid' },
        { $set: { status: 'revoked', revokedAt: new Date(), replacedBy: issued._id } },
      );
      for (const code of previous) this.byCode.evict(code.code);
    }
    return { issued, revoked: previous };
  }

  /** The asset's valid code (the newest, should there be several), or null. */
  findValidOfAsset(scope: TenantScope, assetId: Types.ObjectId): Promise<StoredQrCode | null> {
    return this.codes.findOne(scope, { assetId, status: 'valid' }, { sort: { _id: -1 } });
  }

  /** One page of the asset's codes, newest first. */
  listOfAsset(scope: TenantScope, assetId: Types.ObjectId, page: PageRequest): Promise<Page<StoredQrCode>> {
    return this.codes.list(scope, { assetId }, page);
  }

  /** Codes of the caller's client by id (unknown and foreign ids drop out). */
  findByIds(scope: TenantScope, ids: readonly Types.ObjectId[]): Promise<StoredQrCode[]> {
    return this.codes.findByIds(scope, ids.map(String));
  }

  /** Scan count and last scan of each code, by code id. */
  async scanSummaries(scope: TenantScope, qrCodeIds: readonly Types.ObjectId[]): Promise<Map<string, QrScanSummary>> {
    // One count and one newest entry per code (the `{qrCodeId, scannedAt}` index on MongoDB); a
    // page holds at most 200 codes and an asset has a handful.
    const summaries = await Promise.all(
      qrCodeIds.map(async (qrCodeId): Promise<[string, QrScanSummary]> => {
        const [scanCount, last] = await Promise.all([
          this.scans.count(scope, { qrCodeId }),
          this.scans.findOne(scope, { qrCodeId }, { sort: { scannedAt: -1 }, projection: { scannedAt: 1 } }),
        ]);
        return [qrCodeId.toHexString(), { scanCount, lastScannedAt: last?.scannedAt ?? null }];
      }),
    );
    return new Map(summaries);
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
