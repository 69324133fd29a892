import { DomainException, ErrorCode, isObjectIdString, normalizeCrockfordCode } from '@app/http';

export type ScanTarget = { kind: 'asset'; assetId: string } | { kind: 'code'; code: string };

/**
 * Tells the two scans apart by the path (DESIGN.md): 24 hexadecimal characters are an asset id,
 * 8 Crockford symbols (any case, optional `XXXX-XXXX`) a QR code; anything else is refused.
 */
export function parseScanTarget(path: string): ScanTarget {
  if (isObjectIdString(path)) return { kind: 'asset', assetId: path.toLowerCase() };
  const code = normalizeCrockfordCode(path);
  if (code) return { kind: 'code', code };
  throw new DomainException(
    ErrorCode.InspectionQrInvalid,
    'The scanned value is neither an 8-character QR code (e.g. 7K3M-9QXD) nor a 24-character asset id',
  );
}
