import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { QrCodesService } from '../../inspections';

/** QR codes of each demo client (`qrCodes`): a replaced and a valid one on `assets.tracked`, one on `assets.outOfScope`. */
@DemoSeederProvider({ order: 40 })
export class InspectionsDemoSeeder implements DemoSeeder {
  constructor(private readonly qrCodes: QrCodesService) {}

  async seed(client: DemoClientContext): Promise<void> {
    const { scope, assets } = client;
    const first = await this.qrCodes.issue(scope, assets.tracked._id);
    const valid = await this.qrCodes.replace(scope, first);
    const outOfScope = await this.qrCodes.issue(scope, assets.outOfScope._id);
    await this.qrCodes.issue(scope, assets.untracked._id);
    if (!valid) throw new Error('The demo QR code could not be replaced');
    client.manifest.qrCodes = { valid: valid.code, revoked: first.code, outOfScope: outOfScope.code };
  }
}
