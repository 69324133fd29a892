import { ActivityRecorderModule } from '@app/activity';
import { AssetDirectory, Asset, FleetModule } from '@app/fleet';
import { isObjectIdString, normalizeCrockfordCode } from '@app/formats';
import { formatQrCode, InspectionQrCode, InspectionsModule, QrCodesService, type StoredQrCode } from '../../inspections';
import { CliCommandWork, requireOption } from '../cli-command';
import { scopeOfOwner } from '../owner-scope';

// Operators issue and replace QR codes from here; the web app does it through /api/assets. Like the
// API, neither gives an archived asset a new code: it is refused as an unknown one is.

const qrSummary = (qr: StoredQrCode) => ({
  id: qr._id.toHexString(),
  code: qr.code,
  printed: formatQrCode(qr.code),
  assetId: qr.assetId.toHexString(),
  clientId: qr.clientId.toHexString(),
  status: qr.status,
});

export const issueQrCodeCommand: CliCommandWork = {
  imports: [FleetModule, ActivityRecorderModule, InspectionsModule],
  async run(app, options) {
    const assetId = requireOption(options, 'asset-id');
    if (!isObjectIdString(assetId)) throw new Error('--asset-id must be a 24-character hexadecimal id');
    const scope = await scopeOfOwner(app, Asset, { _id: assetId });
    const asset = scope && (await app.get(AssetDirectory).findAssetInService(scope, assetId));
    if (!scope || !asset) throw new Error(`No asset ${assetId}`);
    return qrSummary(await app.get(QrCodesService).issue(scope, asset._id));
  },
};

export const replaceQrCodeCommand: CliCommandWork = {
  imports: [FleetModule, ActivityRecorderModule, InspectionsModule],
  async run(app, options) {
    const code = normalizeCrockfordCode(requireOption(options, 'code'));
    if (!code) throw new Error('--code must be an 8-character QR code such as 7K3M-9QXD');
    const qrCodes = app.get(QrCodesService);
    const scope = await scopeOfOwner(app, InspectionQrCode, { code });
    const previous = scope && (await qrCodes.findByCode(scope, code));
    const asset = previous && (await app.get(AssetDirectory).findAssetInService(scope, previous.assetId.toHexString()));
    if (!scope || !previous || !asset) throw new Error(`No QR code ${code}`);
    if (previous.status !== 'valid') throw new Error(`QR code ${code} was already replaced`);
    const next = await qrCodes.replace(scope, previous);
    if (!next) throw new Error(`QR code ${code} was replaced meanwhile by another command`);
    return { revoked: { ...qrSummary(previous), status: 'revoked' }, issued: qrSummary(next) };
  },
};
