import { DemoClientContext } from '../seed/demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../seed/demo-seeder.decorator';
import { QrCodesService } from './qr-codes/qr-codes.service';

/** QR codes of each demo client (`qrCodes`): a replaced and a valid one on `assets.tracked`, one on `assets.outOfScope`. */
@DemoSeederProvider({ order: 40 })
export class InspectionsDemoSeeder implements DemoSeeder {
  constructor(private readonly qrCodes: QrCodesService) {}

  async seed(client: DemoClientContext): Promise<void> {
    const { clientId, assets } = client;
    const first = await this.qrCodes.issue(clientId, assets.tracked._id);
    const valid = await this.qrCodes.replace(first);
    const outOfScope = await this.qrCodes.issue(clientId, assets.outOfScope._id);
    await this.qrCodes.issue(clientId, assets.untracked._id);
    if (!valid) throw new Error('The demo QR code could not be replaced');
    client.manifest.qrCodes = { valid: valid.code, revoked: first.code, outOfScope: outOfScope.code };
  }
}
