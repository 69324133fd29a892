import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { PageRequest } from '@app/database';
import { DomainException, ErrorCode, notFound } from '@app/errors';
import type { StoredAsset } from '@app/fleet';
import { normalizeCrockfordCode } from '@app/formats';
import { PagedBody } from '@app/http';
import { formatQrCode, QrCodesService, StoredQrCode } from '../../inspections';
import { AssetsService } from '../assets.service';
import type { LabelFormat } from '../dto/qr-label.dto';
import { AssetQrCodeView, toAssetQrCodeView } from './asset-qr-code.view';
import { LabelFile, QrLabelRenderer } from './qr-label.renderer';

/** An asset's inspection QR codes as the asset management sees them: issuing, history, labels. */
@Injectable()
export class AssetQrCodesService {
  constructor(
    private readonly assets: AssetsService,
    private readonly qrCodes: QrCodesService,
    private readonly labels: QrLabelRenderer,
    private readonly activity: ActivityRecorder,
  ) {}

  /** A new code for an asset in service; its previous valid code is revoked (its scans answer 410 at once here). */
  async issue(auth: AuthContext, assetId: string): Promise<AssetQrCodeView> {
    const asset = await this.assets.loadInService(auth, assetId);
    const issued = await this.issueFor(auth, asset);
    return toAssetQrCodeView(issued, { scanCount: 0, lastScannedAt: null }, null);
  }

  /** The asset's codes, newest first, archived assets included (their history stays). */
  async list(auth: AuthContext, assetId: string, page: PageRequest): Promise<PagedBody<AssetQrCodeView>> {
    const asset = await this.assets.load(auth, assetId);
    const { items, nextCursor } = await this.qrCodes.listOfAsset(auth, asset._id, page);
    const successorIds = items.flatMap((qr) => (qr.replacedBy ? [qr.replacedBy] : []));
    const [scans, successors] = await Promise.all([
      this.qrCodes.scanSummaries(
        auth,
        items.map((qr) => qr._id),
      ),
      this.qrCodes.findByIds(auth, successorIds),
    ]);
    const codeOf = new Map(successors.map((qr) => [qr._id.toHexString(), qr.code]));
    const views = items.map((qr) =>
      toAssetQrCodeView(qr, scans.get(qr._id.toHexString())!, qr.replacedBy ? (codeOf.get(qr.replacedBy.toHexString()) ?? null) : null),
    );
    return new PagedBody(views, nextCursor);
  }

  /** The printable label of one valid code of an asset in service. */
  async label(auth: AuthContext, assetId: string, code: string, format: LabelFormat): Promise<LabelFile> {
    const asset = await this.assets.loadInService(auth, assetId);
    const canonical = normalizeCrockfordCode(code);
    const qr = canonical ? await this.qrCodes.findByCode(auth, canonical) : null;
    if (!qr || !qr.assetId.equals(asset._id)) throw notFound('QR code');
    if (qr.status !== 'valid') {
      throw new DomainException(ErrorCode.Conflict, `QR code ${formatQrCode(qr.code)} was replaced and is no longer valid: print the asset's current code`);
    }
    return this.labels.label(this.labels.content(asset, qr.code), format);
  }

  /**
   * One A4 PDF of labels for several assets in service, each with its current valid code; an
   * asset without one gets one issued first (recorded like any issue), so a whole fleet prints at once.
   */
  async sheet(auth: AuthContext, assetIds: readonly string[]): Promise<LabelFile> {
    const assets = await this.assets.loadManyInService(auth, assetIds);
    const codes = await Promise.all(assets.map(async (asset) => (await this.qrCodes.findValidOfAsset(auth, asset._id)) ?? this.issueFor(auth, asset)));
    const file = await this.labels.sheet(assets.map((asset, i) => this.labels.content(asset, codes[i].code)));
    await this.activity.record(auth, {
      action: 'asset.qr_label_sheet',
      resourceType: 'asset',
      summary: `QR label sheet printed for ${assets.length} asset${assets.length === 1 ? '' : 's'}`,
      details: { assetIds: assets.map((asset) => asset._id.toHexString()), codes: codes.map((qr) => qr.code) },
    });
    return file;
  }

  private async issueFor(auth: AuthContext, asset: StoredAsset): Promise<StoredQrCode> {
    const { issued, revoked } = await this.qrCodes.issueReplacing(auth, asset._id);
    const replaced = revoked.map((qr) => qr.code);
    await this.activity.record(auth, {
      action: 'inspection_qr.issue',
      resourceType: 'inspection_qr_code',
      resourceId: issued._id,
      summary: `QR ${formatQrCode(issued.code)} issued for ${asset.name}${replaced.length > 0 ? `, replacing ${replaced.map(formatQrCode).join(', ')}` : ''}`,
      details: { code: issued.code, assetId: asset._id.toHexString(), revoked: replaced },
    });
    return issued;
  }
}
