import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, mongo, Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import { BatchedInsert, BatchedLookup, ExpiringCache, type Stored } from '@app/database';
import { randomQrCode } from './qr-code-issuing';
import { InspectionQrCode } from '../schemas/inspection-qr-code.schema';
import { InspectionQrScan } from '../schemas/inspection-qr-scan.schema';

export type StoredQrCode = Stored<InspectionQrCode>;

const DUPLICATE_KEY = 11000;
const ISSUE_ATTEMPTS = 5;

/** Issuing, replacing and looking up inspection QR codes, and their scan history. */
@Injectable()
export class QrCodesService {
  // Scans are the busy path: the codes scanned in one event-loop turn are read by one query,
  // and a code once found is reused for READ_CACHE_TTL_SECONDS (unknown codes are not kept).
  private readonly byCode: BatchedLookup<StoredQrCode>;
  private readonly recent: ExpiringCache<StoredQrCode | null>;
  // Scan history in group commits: the scans of one turn share one insertMany, each request
  // still waits for its own entry.
  private readonly history: BatchedInsert<InspectionQrScan>;

  constructor(
    @InjectModel(InspectionQrCode.name) private readonly codes: Model<InspectionQrCode>,
    @InjectModel(InspectionQrScan.name) private readonly scans: Model<InspectionQrScan>,
    config: AppConfig,
  ) {
    this.history = new BatchedInsert<InspectionQrScan>(scans.collection);
    this.recent = new ExpiringCache(config.readCacheTtlMs);
    this.byCode = new BatchedLookup(
      (codesAsked) => this.codes.find({ code: { $in: codesAsked } }).lean<StoredQrCode[]>().exec(),
      (qr) => qr.code,
    );
  }

  /** A new valid code for an asset, from 40 random bits; a collision (1 in 10^12) draws again. */
  async issue(clientId: Types.ObjectId, assetId: Types.ObjectId): Promise<StoredQrCode> {
    for (let attempt = 1; ; attempt++) {
      try {
        const created = await this.codes.create({ clientId, assetId, code: randomQrCode(), status: 'valid' });
        return created.toObject() as StoredQrCode;
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
  async replace(previous: StoredQrCode): Promise<StoredQrCode | null> {
    const next = await this.issue(previous.clientId, previous.assetId);
    const revoked = await this.codes
      .updateOne({ _id: previous._id, status: 'valid' }, { $set: { status: 'revoked', revokedAt: new Date(), replacedBy: next._id } })
      .exec();
    this.recent.evict(previous.code);
    if (revoked.modifiedCount === 1) return next;
    await this.codes.deleteOne({ _id: next._id }).exec();
    return null;
  }

  /**
   * A code (canonical form) of any client: the caller decides what a foreign one means. Read-only.
   * A replacement made by this process shows at once, one made by another within the cache's life.
   */
  findByCode(code: string): Promise<StoredQrCode | null> {
    return this.recent.get(code, () => this.byCode.find(code), (qr) => qr !== null);
  }

  /** Appends who scanned the QR, and when, to its history. */
  recordScan(auth: AuthContext, qr: StoredQrCode): Promise<void> {
    return this.history.insert({
      clientId: qr.clientId,
      qrCodeId: qr._id,
      assetId: qr.assetId,
      userId: auth.userId,
      scannedAt: new Date(),
      requestId: auth.request.requestId,
    });
  }

  /** A QR's scan history, newest first. */
  scanHistory(qrCodeId: Types.ObjectId, limit = 50): Promise<Stored<InspectionQrScan>[]> {
    return this.scans.find({ qrCodeId }).sort({ scannedAt: -1 }).limit(limit).lean<Stored<InspectionQrScan>[]>().exec();
  }
}
