import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, duplicateKeyAs, Page, PageRequest, scopeOfClient, Stored, TenantRepository, UniqueKeyLookup } from '@app/database';
import { DomainException, ErrorCode } from '@app/errors';
import { Asset, AssetGroup, assetGroupNameKey } from '@app/fleet';
import { FormsService } from '../../forms';
import { AssetGroupView, toAssetGroupView } from './asset-group.view';

const nameTaken = (name: string) => new DomainException(ErrorCode.Conflict, `An asset group named "${name}" already exists`);
const NAMES_SHOWN = 5;

/** A client's asset groups: names unique per client; a group in use cannot be deleted. */
@Injectable()
export class AssetGroupsService {
  // `{nameKey}` is a unique index: a lookup on both servers.
  private readonly byNameKey: UniqueKeyLookup<AssetGroup>;

  constructor(
    @InjectRepository(AssetGroup) private readonly groups: TenantRepository<AssetGroup>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly forms: FormsService,
    private readonly activity: ActivityRecorder,
  ) {
    this.byNameKey = groups.lookupBy('nameKey');
  }

  async create(auth: AuthContext, name: string): Promise<AssetGroupView> {
    await this.checkNameFree(auth, name);
    const group = await this.groups.create(auth, { name }).catch(duplicateKeyAs(() => nameTaken(name)));
    const view = toAssetGroupView(group);
    await this.activity.created(auth, { type: 'asset_group', id: group._id }, `Asset group "${name}" created`, view);
    return view;
  }

  list(auth: AuthContext, page: PageRequest): Promise<Page<Stored<AssetGroup>>> {
    return this.groups.list(auth, {}, page);
  }

  async get(auth: AuthContext, id: string): Promise<AssetGroupView> {
    return toAssetGroupView(await this.groups.findByIdOrFail(auth, id, 'Asset group'));
  }

  async rename(auth: AuthContext, id: string, name: string): Promise<AssetGroupView> {
    const group = await this.groups.findByIdOrFail(auth, id, 'Asset group');
    await this.checkNameFree(auth, name, group);
    const updated = await this.groups
      .updateRecord(auth, group, { $set: { name, nameKey: assetGroupNameKey(auth.clientId, name) } })
      .catch(duplicateKeyAs(() => nameTaken(name)));
    const [before, after] = [toAssetGroupView(group), toAssetGroupView(updated ?? group)];
    await this.activity.updated(auth, { type: 'asset_group', id: group._id }, `Asset group "${group.name}" renamed "${name}"`, before, after);
    return after;
  }

  /**
   * Deletes a group no asset in service and no active or inactive form uses (409 naming them);
   * archived assets and forms that still list it drop it (assets) or keep a dead reference (forms).
   */
  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const group = await this.groups.findByIdOrFail(auth, id, 'Asset group');
    const client = scopeOfClient(auth.clientId);
    // A group's assets are a scan over the client's assets on mongo-java-server (hundreds at most).
    const inService = { groupIds: group._id, archivedAt: null };
    const [assetCount, visibleAssets, forms] = await Promise.all([
      this.assets.count(client, inService),
      this.assets.find(auth, inService, { projection: { name: 1, clientId: 1, mainTrackerId: 1 }, sort: { name: 1 }, limit: NAMES_SHOWN }),
      this.forms.findUsingGroup(auth, group._id, NAMES_SHOWN),
    ]);
    if (assetCount > 0 || forms.count > 0)
      throw groupInUse(
        group.name,
        assetCount,
        visibleAssets.map((asset) => asset.name),
        forms,
      );
    await this.assets.updateMany(client, { groupIds: group._id }, { $pull: { groupIds: group._id } });
    await this.groups.deleteMany(auth, { _id: group._id });
    await this.activity.deleted(auth, { type: 'asset_group', id: group._id }, `Asset group "${group.name}" deleted`, toAssetGroupView(group));
    return { id: group._id.toHexString() };
  }

  private async checkNameFree(auth: AuthContext, name: string, self?: Stored<AssetGroup>): Promise<void> {
    const holder = await this.byNameKey.find(auth, assetGroupNameKey(auth.clientId, name));
    if (holder && !(self && holder._id.equals(self._id))) throw nameTaken(holder.name);
  }
}

function groupInUse(name: string, assetCount: number, assetNames: string[], forms: { count: number; names: string[] }): DomainException {
  const listed = (count: number, noun: string, names: string[]) =>
    `${count} ${noun}${count === 1 ? '' : 's'}${names.length > 0 ? ` (${names.map((n) => `"${n}"`).join(', ')}${count > names.length ? ', …' : ''})` : ''}`;
  const where = [assetCount > 0 ? listed(assetCount, 'asset', assetNames) : '', forms.count > 0 ? listed(forms.count, 'form', forms.names) : ''].filter(
    Boolean,
  );
  return new DomainException(ErrorCode.Conflict, `Asset group "${name}" is used by ${where.join(' and ')}: remove it from them first`);
}
