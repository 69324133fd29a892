import { AllAssetsField, AssetTargetIdsField } from './asset-target-fields';

/**
 * The assets a new record applies to, each field optional and `null` refused: the base of the
 * DTOs whose body has them together, which say in their description what `allAssets` defaults to.
 */
export class AssetTargetsDto {
  /** Every asset of the client, or only `assetIds` and the assets of `groupIds`. */
  @AllAssetsField()
  allAssets?: boolean;

  @AssetTargetIdsField()
  assetIds?: string[];

  @AssetTargetIdsField()
  groupIds?: string[];
}
