import type { Stored } from '@app/database';
import type { AssetGroup } from '@app/fleet';

/** A named set of a client's assets; dynamic forms may apply to a group. */
export class AssetGroupView {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export function toAssetGroupView(group: Stored<AssetGroup>): AssetGroupView {
  return { id: group._id.toHexString(), name: group.name, createdAt: group.createdAt, updatedAt: group.updatedAt };
}
