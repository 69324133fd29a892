import type { QrScanSummary, StoredQrCode } from '../../inspections';
import { formatQrCode } from '../../inspections';

/** One of an asset's inspection QR codes, with its scan history in short. */
export class AssetQrCodeView {
  id: string;
  /** 8 Crockford base32 characters, as scanned. */
  code: string;
  /** As printed under the QR: `XXXX-XXXX`. */
  printedCode: string;
  /** `valid`, or `revoked` once another code replaced it (its scans then answer 410). */
  status: 'valid' | 'revoked';
  createdAt: Date;
  revokedAt: Date | null;
  /** The code that replaced it; null while valid. */
  replacedBy: string | null;
  /** Scans recorded for this code. */
  scanCount: number;
  lastScannedAt: Date | null;
}

export function toAssetQrCodeView(qr: StoredQrCode, scans: QrScanSummary, successorCode: string | null): AssetQrCodeView {
  return {
    id: qr._id.toHexString(),
    code: qr.code,
    printedCode: formatQrCode(qr.code),
    status: qr.status,
    createdAt: qr.createdAt,
    revokedAt: qr.revokedAt ?? null,
    replacedBy: successorCode,
    scanCount: scans.scanCount,
    lastScannedAt: scans.lastScannedAt,
  };
}
