import type { TenantQuery } from '@app/database';
import type { Asset } from '../asset.schema';
import type { TargetableAsset } from './asset-target-matcher';
import type { AssetTargets, StoredAssetTargets } from './asset-targets';

/** The matcher's rule as a query on records: those whose targets apply to this asset. */
export function recordsTargeting(asset: TargetableAsset): TenantQuery<StoredAssetTargets> {
  return { $or: [{ allAssets: true }, { assetIds: asset._id }, { groupIds: { $in: [...(asset.groupIds ?? [])] } }] };
}

/**
 * The matcher's rule as a query on assets: those the targets apply to. `null` when they name
 * nothing, so that the caller skips the query.
 */
export function assetsTargetedBy(targets: AssetTargets): TenantQuery<Asset> | null {
  if (targets.allAssets) return {};
  const branches: Array<TenantQuery<Asset>> = [];
  if (targets.assetIds.length > 0) branches.push({ _id: { $in: [...targets.assetIds] } });
  if (targets.groupIds.length > 0) branches.push({ groupIds: { $in: [...targets.groupIds] } });
  return branches.length > 0 ? { $or: branches } : null;
}
