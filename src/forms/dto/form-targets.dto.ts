import { AllAssetsField, AssetTargetIdsField } from '@app/fleet';

/**
 * Which assets a form applies to: these assets, the assets of these groups, or every asset. The
 * groups are `assetGroupIds` here, and the same id twice is taken once (the checker de-duplicates).
 */
export class FormTargetsDto {
  /** Assets of the client (24 hex characters each), at most 1000. */
  @AssetTargetIdsField({ unique: false })
  assetIds?: string[];

  /** Asset groups of the client, at most 1000. */
  @AssetTargetIdsField({ unique: false })
  assetGroupIds?: string[];

  /** The form applies to every asset of the client. */
  @AllAssetsField()
  allAssets?: boolean;
}
