import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { scopeOfClient, type TenantScope } from '@app/database';
import { FieldError, validationFailed } from '@app/errors';
import { AssetTargetsChecker } from '@app/fleet';
import type { FormTargetsDto } from '../dto/form-targets.dto';

export interface FormTargets {
  assetIds?: Types.ObjectId[];
  assetGroupIds?: Types.ObjectId[];
  allAssets?: boolean;
}

/**
 * Checks the assets and groups a form is to apply to: they must be the client's (whatever the
 * editor's own trackers: a form is a client-wide document). Unknown and foreign ids alike are a
 * 400 naming them, the first five per field. Only the targets sent are returned, de-duplicated.
 */
@Injectable()
export class FormTargetsChecker {
  constructor(private readonly targets: AssetTargetsChecker) {}

  async check(scope: TenantScope, body: FormTargetsDto): Promise<FormTargets> {
    const unique = (ids: string[] | undefined) => (ids ? [...new Set(ids.map((id) => id.toLowerCase()))] : undefined);
    const assetIds = unique(body.assetIds);
    const groupIds = unique(body.assetGroupIds);
    const unknown = await this.targets.findUnknown(scopeOfClient(scope.clientId), { assetIds, groupIds });
    const errors: FieldError[] = [];
    if (unknown.assetIds.length) errors.push({ path: 'assetIds', message: `No asset ${unknown.assetIds.slice(0, 5).join(', ')} among your assets` });
    if (unknown.groupIds.length) errors.push({ path: 'assetGroupIds', message: `No asset group ${unknown.groupIds.slice(0, 5).join(', ')} among your groups` });
    if (errors.length) throw validationFailed(errors);
    const toIds = (ids: string[] | undefined) => ids?.map((id) => new Types.ObjectId(id));
    return withoutUndefined({ assetIds: toIds(assetIds), assetGroupIds: toIds(groupIds), allAssets: body.allAssets });
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
