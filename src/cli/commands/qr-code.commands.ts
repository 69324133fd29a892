import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Stored } from '@app/database';
import { Asset } from '@app/fleet';
import { isObjectIdString, normalizeCrockfordCode } from '@app/formats';
import { formatQrCode } from './qr-code-issuing';
import { CliCommand, requireOption } from '../../cli/cli-command';
import { QrCodesService, StoredQrCode } from './qr-codes.service';

// The spec shows no endpoint that issues or replaces QR codes: operators do it from the command line.

const qrSummary = (qr: StoredQrCode) => ({
  id: qr._id.toHexString(),
  code: qr.code,
  printed: formatQrCode(qr.code),
  assetId: qr.assetId.toHexString(),
  clientId: qr.clientId.toHexString(),
  status: qr.status,
});

export const issueQrCodeCommand: CliCommand = {
  name: 'issue-qr-code',
  usage: 'issue-qr-code --asset-id ASSET_ID   (a new inspection QR code for the asset)',
  options: { 'asset-id': 'string' },
  async run(app, options) {
    const assetId = requireOption(options, 'asset-id');
    if (!isObjectIdString(assetId)) throw new Error('--asset-id must be a 24-character hexadecimal id');
    const asset = await app.get<Model<Asset>>(getModelToken(Asset.name)).findById(assetId).lean<Stored<Asset>>().exec();
    if (!asset) throw new Error(`No asset ${assetId}`);
    return qrSummary(await app.get(QrCodesService).issue(asset.clientId, asset._id));
  },
};

export const replaceQrCodeCommand: CliCommand = {
  name: 'replace-qr-code',
  usage: 'replace-qr-code --code CODE   (revokes a valid QR code and issues its replacement)',
  options: { code: 'string' },
  async run(app, options) {
    const code = normalizeCrockfordCode(requireOption(options, 'code'));
    if (!code) throw new Error('--code must be an 8-character QR code such as 7K3M-9QXD');
    const qrCodes = app.get(QrCodesService);
    const previous = await qrCodes.findByCode(code);
    if (!previous) throw new Error(`No QR code ${code}`);
    if (previous.status !== 'valid') throw new Error(`QR code ${code} was already replaced`);
    const next = await qrCodes.replace(previous);
    if (!next) throw new Error(`QR code ${code} was replaced meanwhile by another command`);
    return { revoked: { ...qrSummary(previous), status: 'revoked' }, issued: qrSummary(next) };
  },
};
