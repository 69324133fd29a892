import { DomainException } from '@app/errors';
import { InspectionError } from '../inspection-errors';
import { isObjectIdString, normalizeCrockfordCode } from '@app/formats';

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
    InspectionError.INSPECTION_QR_INVALID,
    'The scanned value is neither an 8-character QR code (e.g. 7K3M-9QXD) nor a 24-character asset id',
  );
}
