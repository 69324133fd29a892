import { Module } from '@nestjs/common';
import { ReportsModule } from '@app/reports';
import { FormsModule } from '../forms';
import { FuelModule } from '../fuel';
import { InspectionsModule } from '../inspections';
import { AssetLinks } from './asset-links';
import { AssetsController } from './assets.controller';
import { AssetsService } from './assets.service';
import { AssetGroupsController } from './groups/asset-groups.controller';
import { AssetGroupsService } from './groups/asset-groups.service';
import { AssetQrCodesController } from './qr-codes/asset-qr-codes.controller';
import { AssetQrCodesService } from './qr-codes/asset-qr-codes.service';
import { QrLabelRenderer } from './qr-codes/qr-label.renderer';
import { TrackersController } from './trackers/trackers.controller';
import { TrackersService } from './trackers/trackers.service';

/**
 * Fleet set-up (`access_assets`): assets, asset groups, trackers, and the assets' inspection QR
 * codes with their printable labels. The records live in `@app/fleet` and the codes in
 * inspections; this module is their management over HTTP.
 */
@Module({
  imports: [FormsModule, FuelModule, InspectionsModule, ReportsModule],
  // The QR routes come first: `POST /assets/qr-labels` must not be read as an asset id.
  controllers: [AssetQrCodesController, AssetsController, AssetGroupsController, TrackersController],
  providers: [AssetLinks, AssetsService, AssetGroupsService, TrackersService, AssetQrCodesService, QrLabelRenderer],
})
export class AssetsModule {}
