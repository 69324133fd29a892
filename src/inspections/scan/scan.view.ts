import type { Stored } from '@app/database';
import type { Asset } from '@app/fleet';
import { DynamicFormView, ScannedFormView } from '../../forms';

export class ScannedAssetIconView {
  /** @example "truck" */
  id: string;
  /** @example "#1E88E5" */
  color: string;
}

export class ScannedAssetView {
  id: string;
  name: string;
  /** Licence plate. */
  plate: string;
  /** truck, van, trailer, … */
  kind: string;
  icon: ScannedAssetIconView;
}

export class QrCodeView {
  id: string;
  /** 8 Crockford base32 characters, canonical (upper case, no hyphen). */
  code: string;
}

/** `GET /api/inspections/scan/{code}`: the QR, its asset and the active forms that apply (code-scan subset). */
export class CodeScanView {
  qrCode: QrCodeView;
  asset: ScannedAssetView;
  forms: ScannedFormView[];
}

/** `GET /api/inspections/scan/{assetId}`: the asset and the active forms that apply (full shape). */
export class AssetScanView {
  asset: ScannedAssetView;
  forms: DynamicFormView[];
}

export function toScannedAssetView(asset: Stored<Asset>): ScannedAssetView {
  return {
    id: asset._id.toHexString(),
    name: asset.name,
    plate: asset.plate ?? '',
    kind: asset.kind,
    icon: { id: asset.icon?.id ?? '', color: asset.icon?.color ?? '' },
  };
}
