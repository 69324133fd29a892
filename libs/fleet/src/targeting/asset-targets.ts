import { Types } from 'mongoose';

/**
 * The assets a record applies to, as stored: every asset of the client (`allAssets`), or the
 * assets named in `assetIds` and the assets of the groups in `groupIds`. `allAssets` wins over the
 * ids; naming nothing with `allAssets` false applies to no asset.
 */
export interface AssetTargets {
  allAssets: boolean;
  assetIds: readonly Types.ObjectId[];
  groupIds: readonly Types.ObjectId[];
}

/** The targets as a record stores them (mutable arrays, as its schema declares them). */
export interface StoredAssetTargets extends AssetTargets {
  assetIds: Types.ObjectId[];
  groupIds: Types.ObjectId[];
}

/** The targets as a request sends them (the fields of `AllAssetsField` and `AssetTargetIdsField`), each optional. */
export interface SentAssetTargets {
  allAssets?: boolean | null;
  assetIds?: readonly string[] | null;
  groupIds?: readonly string[] | null;
}

/** The targets a new record stores: what was sent, else nothing named and `allAssets` as the record's kind defaults it. */
export function newAssetTargets(sent: SentAssetTargets, defaults: { allAssets: boolean }): StoredAssetTargets {
  return {
    allAssets: sent.allAssets ?? defaults.allAssets,
    assetIds: toObjectIds(sent.assetIds ?? []),
    groupIds: toObjectIds(sent.groupIds ?? []),
  };
}

/** The targets an edit sets: only the fields it sends. */
export function changedAssetTargets(sent: SentAssetTargets): Partial<StoredAssetTargets> {
  const changes: Partial<StoredAssetTargets> = {};
  if (sent.allAssets != null) changes.allAssets = sent.allAssets;
  if (sent.assetIds) changes.assetIds = toObjectIds(sent.assetIds);
  if (sent.groupIds) changes.groupIds = toObjectIds(sent.groupIds);
  return changes;
}

function toObjectIds(ids: readonly string[]): Types.ObjectId[] {
  return ids.map((id) => new Types.ObjectId(id));
}
