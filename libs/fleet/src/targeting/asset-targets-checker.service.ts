import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import { InjectRepository, scopeOfClient, TenantRepository, TrackedScope } from '@app/database';
import { FieldError, validationFailed } from '@app/errors';
import { AssetDirectory } from '../asset-directory.service';
import { AssetGroup } from '../asset-group.schema';
import type { SentAssetTargets } from './asset-targets';

type SentIds = Pick<SentAssetTargets, 'assetIds' | 'groupIds'>;

/** The ids a request names that are not among the caller's assets or the client's groups, as sent. */
export interface UnknownAssetTargets {
  assetIds: string[];
  groupIds: string[];
}

/** How a record's errors name the groups: "No asset group … among your groups" (or "… your asset groups"). */
export interface AssetTargetWording {
  groups?: 'groups' | 'asset groups';
}

/**
 * Checks the assets and groups a record is to apply to: each asset must be in service and one the
 * caller sees (their client's, within their trackers — a caller acting for the whole client passes
 * `scopeOfClient`), each group the client's (groups have no trackers). Ids compare in any case.
 */
@Injectable()
export class AssetTargetsChecker {
  constructor(
    private readonly directory: AssetDirectory,
    @InjectRepository(AssetGroup) private readonly groups: TenantRepository<AssetGroup>,
  ) {}

  /** The ids sent that name no such asset or group. */
  async findUnknown(caller: TrackedScope, sent: SentIds): Promise<UnknownAssetTargets> {
    const assetIds = sent.assetIds ?? [];
    const groupIds = sent.groupIds ?? [];
    const [assets, groups] = await Promise.all([
      assetIds.length ? this.directory.findAssetsInService(caller, assetIds) : [],
      groupIds.length ? this.groups.findByIds(scopeOfClient(caller.clientId), groupIds) : [],
    ]);
    const known = (records: ReadonlyArray<{ _id: Types.ObjectId }>) => new Set(records.map((record) => record._id.toHexString()));
    const [knownAssets, knownGroups] = [known(assets), known(groups)];
    return {
      assetIds: assetIds.filter((id) => !knownAssets.has(id.toLowerCase())),
      groupIds: groupIds.filter((id) => !knownGroups.has(id.toLowerCase())),
    };
  }

  /** One 400 field error per unknown id (`assetIds` first), for a service that reports them with its own. */
  async problems(caller: TrackedScope, sent: SentIds, wording: AssetTargetWording = {}): Promise<FieldError[]> {
    const unknown = await this.findUnknown(caller, sent);
    const groups = wording.groups ?? 'groups';
    return [
      ...unknown.assetIds.map((id) => ({ path: 'assetIds', message: `No asset ${id} among your assets` })),
      ...unknown.groupIds.map((id) => ({ path: 'groupIds', message: `No asset group ${id} among your ${groups}` })),
    ];
  }

  /** A 400 (`VALIDATION_FAILED`) naming each unknown id, if any. */
  async check(caller: TrackedScope, sent: SentIds): Promise<void> {
    const errors = await this.problems(caller, sent);
    if (errors.length > 0) throw validationFailed(errors);
  }
}
