import { Global, Module } from '@nestjs/common';
import { OWNER_VISIBILITY, TenantDataModule } from '@app/database';
import { AssetDirectory } from './asset-directory.service';
import { AssetVisibility } from './asset-visibility.service';
import { AssetGroup, AssetGroupSchema } from './asset-group.schema';
import { Asset, AssetSchema } from './asset.schema';
import { Tracker, TrackerSchema } from './tracker.schema';
import { TrackerRouting } from './tracker-routing.service';
import { AssetTargetsChecker } from './targeting/asset-targets-checker.service';

const fleetData = TenantDataModule.forFeature([
  // An asset is in a caller's scope when its main tracker is; a tracker when it is itself.
  // One asset per request on busy paths (scans, work orders): read per event-loop turn by one
  // query, and reused for a few seconds: the asset management (`src/assets`) forgets an asset it
  // changed at once on its instance (`forget`); other instances see the change within that time.
  { name: Asset.name, schema: AssetSchema, repository: { trackerField: 'mainTrackerId', batchReadsById: true, cacheReadsById: true } },
  { name: Tracker.name, schema: TrackerSchema, repository: { trackerField: '_id' } },
  { name: AssetGroup.name, schema: AssetGroupSchema },
]);

/**
 * Trackers, assets and asset groups: shared by inspections, telemetry and maintenance; the check
 * of the assets a record targets (`AssetTargetsChecker`); and who may see an asset's records
 * (`OWNER_VISIBILITY`, used by `AssetOwnedDataModule`).
 */
@Global()
@Module({
  imports: [fleetData],
  providers: [AssetDirectory, AssetTargetsChecker, TrackerRouting, AssetVisibility, { provide: OWNER_VISIBILITY, useExisting: AssetVisibility }],
  exports: [fleetData, AssetDirectory, AssetTargetsChecker, TrackerRouting, OWNER_VISIBILITY],
})
export class FleetModule {}
