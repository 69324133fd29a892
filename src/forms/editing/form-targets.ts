import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { InjectRepository, scopeOfClient, TenantRepository, type TenantScope } from '@app/database';
import { FieldError, validationFailed } from '@app/errors';
import { AssetDirectory, AssetGroup } from '@app/fleet';
import type { FormTargetsDto } from '../dto/form-targets.dto';

export interface FormTargets {
  assetIds?: Types.ObjectId[];
  assetGroupIds?: Types.ObjectId[];
  allAssets?: boolean;
}

/**
 * Checks the assets and groups a form is to apply to: they must be the client's (whatever the
 * editor's own trackers: a form is a client-wide document). Unknown and foreign ids alike are a
 * 400 naming them. Only the targets sent are returned, de-duplicated.
 */
@Injectable()
export class FormTargetsChecker {
  constructor(
    private readonly assets: AssetDirectory,
    @InjectRepository(AssetGroup) private readonly groups: TenantRepository<AssetGroup>,
  ) {}

  async check(scope: TenantScope, body: FormTargetsDto): Promise<FormTargets> {
    const unique = (ids: string[] | undefined) => (ids ? [...new Set(ids.map((id) => id.toLowerCase()))] : undefined);
    const assetIds = unique(body.assetIds);
    const groupIds = unique(body.assetGroupIds);
    const [assets, groups] = await Promise.all([
      assetIds?.length ? this.assets.findAssetsInService(scopeOfClient(scope.clientId), assetIds) : [],
      groupIds?.length ? this.groups.findByIds(scope, groupIds) : [],
    ]);
    const errors: FieldError[] = [];
    const missing = (ids: string[] | undefined, found: { _id: Types.ObjectId }[]) => {
      const known = new Set(found.map((record) => record._id.toHexString()));
      return (ids ?? []).filter((id) => !known.has(id));
    };
    const unknownAssets = missing(assetIds, assets);
    const unknownGroups = missing(groupIds, groups);
    if (unknownAssets.length) errors.push({ path: 'assetIds', message: `No asset ${unknownAssets.slice(0, 5).join(', ')} among your assets` });
    if (unknownGroups.length) errors.push({ path: 'assetGroupIds', message: `No asset group ${unknownGroups.slice(0, 5).join(', ')} among your groups` });
    if (errors.length) throw validationFailed(errors);
    const toIds = (ids: string[] | undefined) => ids?.map((id) => new Types.ObjectId(id));
    return withoutUndefined({ assetIds: toIds(assetIds), assetGroupIds: toIds(groupIds), allAssets: body.allAssets });
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
