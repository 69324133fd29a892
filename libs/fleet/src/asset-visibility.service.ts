import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { InjectRepository, OwnerVisibility, TenantRepository, TenantScope } from '@app/database';
import { Asset } from './asset.schema';

/**
 * Who may see an asset's records (work orders, inspections, QR codes, events, …): exactly who may
 * see the asset, its client's users within their trackers (an asset is in scope when its main
 * tracker is). Archived assets count: their history stays readable, in lists and by id alike;
 * what must not reference an archived asset (a new work order, a scan) checks
 * `AssetDirectory.findAssetInService` when it writes.
 */
@Injectable()
export class AssetVisibility implements OwnerVisibility {
  // A caller's list of assets, once per request (the scope is the request's AuthContext).
  private readonly perScope = new WeakMap<TenantScope, Promise<Types.ObjectId[]>>();

  constructor(@InjectRepository(Asset) private readonly assets: TenantRepository<Asset>) {}

  visibleOwners(scope: TenantScope): Promise<readonly Types.ObjectId[] | undefined> {
    if (scope.trackerScope?.isAll) return Promise.resolve(undefined);
    let visible = this.perScope.get(scope);
    if (!visible) {
      // A client has hundreds of assets: this scans them on mongo-java-server, once per request.
      visible = this.assets.find(scope, {}, { projection: { _id: 1 } }).then((assets) => assets.map((asset) => asset._id));
      this.perScope.set(scope, visible);
    }
    return visible;
  }

  async canSee(scope: TenantScope, assetId: Types.ObjectId): Promise<boolean> {
    if (scope.trackerScope?.isAll) return true;
    // By id through the assets' batched, briefly cached reads; archived assets included.
    return (await this.assets.findById(scope, assetId.toHexString())) !== null;
  }
}
