import type { Types } from 'mongoose';
import type { AssetTargets } from './asset-targets';

/** What targeting needs of an asset: its id and its groups. */
export interface TargetableAsset {
  _id: Types.ObjectId;
  groupIds?: readonly Types.ObjectId[] | null;
}

/** One record's targets, indexed to answer for many assets. */
export interface AssetTargetMatcher {
  appliesTo(asset: TargetableAsset): boolean;
}

/**
 * Indexes a record's targets by id (its assets, its groups), for a record asked about many
 * assets, such as a geofence on every fix.
 */
export function compileAssetTargets(targets: AssetTargets): AssetTargetMatcher {
  if (targets.allAssets) return { appliesTo: () => true };
  const assets = new Set(targets.assetIds.map(String));
  const groups = new Set(targets.groupIds.map(String));
  return {
    appliesTo: (asset) => assets.has(String(asset._id)) || (asset.groupIds ?? []).some((group) => groups.has(String(group))),
  };
}

/** Whether the targets apply to this asset, asked once: no index is built. */
export function targetsApplyTo(targets: AssetTargets, asset: TargetableAsset): boolean {
  if (targets.allAssets) return true;
  if (targets.assetIds.some((id) => id.equals(asset._id))) return true;
  const groups = asset.groupIds ?? [];
  return targets.groupIds.some((group) => groups.some((id) => id.equals(group)));
}

/** Whether matching these targets needs the asset's groups (to read them only then). */
export function targetsNeedAssetGroups(targets: AssetTargets): boolean {
  return !targets.allAssets && targets.groupIds.length > 0;
}
