import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { AssetDirectory } from '@app/fleet';
import { qrCodeNotFound, qrCodeReplaced } from '../inspection-errors';
import { FormsService, toDynamicFormView, toScannedFormView } from '../../forms';
import { QrCodesService, StoredQrCode } from '../qr-codes/qr-codes.service';
import { AssetScanView, CodeScanView, toScannedAssetView } from './scan.view';

/** Resolving scans: a QR code or an asset id to the asset and the active forms that apply to it. */
@Injectable()
export class QrScanService {
  constructor(
    private readonly qrCodes: QrCodesService,
    private readonly assets: AssetDirectory,
    private readonly forms: FormsService,
    private readonly activity: ActivityRecorder,
  ) {}

  /**
   * A code of another client, or of an asset outside the caller's trackers, reads exactly as an
   * unknown code (404), before anything says whether it was revoked (410).
   */
  async scanCode(auth: AuthContext, code: string): Promise<CodeScanView> {
    const qr = await this.qrCodes.findByCode(auth, code);
    if (!qr) throw qrCodeNotFound();
    const asset = await this.assets.findAssetInService(auth, qr.assetId.toHexString());
    if (!asset) throw qrCodeNotFound();
    if (qr.status !== 'valid') throw qrCodeReplaced();
    const [forms] = await Promise.all([this.forms.findApplicable(auth, asset), this.recordScan(auth, qr, asset.name)]);
    return {
      qrCode: { id: qr._id.toHexString(), code: qr.code },
      asset: toScannedAssetView(asset),
      forms: forms.map(toScannedFormView),
    };
  }

  async scanAsset(auth: AuthContext, assetId: string): Promise<AssetScanView> {
    const asset = await this.assets.findAssetInServiceOrFail(auth, assetId);
    const forms = await this.forms.findApplicable(auth, asset);
    return { asset: toScannedAssetView(asset), forms: forms.map(toDynamicFormView) };
  }

  // The QR's history and the activity log both say who scanned and when (DESIGN.md: a QR scan is an activity).
  private async recordScan(auth: AuthContext, qr: StoredQrCode, assetName: string): Promise<void> {
    await Promise.all([
      this.qrCodes.recordScan(auth, qr),
      this.activity.record(auth, {
        action: 'inspection_qr.scan',
        resourceType: 'inspection_qr_code',
        resourceId: qr._id,
        summary: `QR ${qr.code} of ${assetName} scanned`,
        details: { code: qr.code, assetId: qr.assetId.toHexString() },
      }),
    ]);
  }
}
