import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, scopeOfClient, TenantRepository, UniqueKeyLookup } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { Asset, AssetGroup, Tracker } from '@app/fleet';
import { FuelTariff } from '../fuel';

/**
 * What an asset refers to and must agree with: its groups (the client's), its main tracker (the
 * caller's, used by no other asset in service) and its plate (unique among the client's assets
 * in service). Conflicts are checked against the whole client, whatever the caller's trackers,
 * and name the other asset only when the caller may see it.
 */
@Injectable()
export class AssetLinks {
  // `{plateKey}` is a unique index: a lookup on both servers.
  private readonly byPlateKey: UniqueKeyLookup<Asset>;

  constructor(
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    @InjectRepository(AssetGroup) private readonly groups: TenantRepository<AssetGroup>,
    @InjectRepository(Tracker) private readonly trackers: TenantRepository<Tracker>,
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
  ) {
    this.byPlateKey = assets.lookupBy('plateKey');
  }

  /** The group ids as ObjectIds, once each; an id that is not a group of the client is a 400. */
  async groupIds(auth: AuthContext, ids: readonly string[]): Promise<Types.ObjectId[]> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const found = new Set((await this.groups.findByIds(auth, unique)).map((group) => group._id.toHexString()));
    const unknown = unique.filter((id) => !found.has(id));
    if (unknown.length > 0) throw badRequest(`groupIds: no asset group ${unknown.join(', ')}`);
    return unique.map((id) => new Types.ObjectId(id));
  }

  /** The tracker to make an asset's main tracker: the caller's, and free (else 400 / 409). */
  async mainTracker(auth: AuthContext, trackerId: string, assetId?: Types.ObjectId): Promise<Types.ObjectId> {
    const tracker = await this.trackers.findById(auth, trackerId);
    if (!tracker) throw badRequest(`mainTrackerId: no tracker ${trackerId}`);
    // Few assets per client: this filter scans on mongo-java-server, over the assets only.
    const holder = await this.assets.findOne(scopeOfClient(auth.clientId), {
      mainTrackerId: tracker._id,
      archivedAt: null,
      ...(assetId ? { _id: { $ne: assetId } } : {}),
    });
    if (holder)
      throw new DomainException(ErrorCode.Conflict, `Tracker ${tracker.vendorId} is already the main tracker of asset "${holder.name}": remove it there first`);
    return tracker._id;
  }

  /** A fuel tariff of the client for the asset's profile (else 400). */
  async fuelTariff(auth: AuthContext, tariffId: string): Promise<Types.ObjectId> {
    const tariff = await this.tariffs.findById(auth, tariffId);
    if (!tariff) throw badRequest(`fuel.tariffId: no fuel tariff ${tariffId}`);
    return tariff._id;
  }

  /** Refuses a plate key another asset in service of the client already has (409). */
  async checkPlateFree(auth: AuthContext, plate: string, plateKey: string | undefined, assetId?: Types.ObjectId): Promise<void> {
    if (!plateKey) return;
    const holder = await this.byPlateKey.find(scopeOfClient(auth.clientId), plateKey);
    if (holder && !(assetId && holder._id.equals(assetId)))
      throw plateTaken(plate, auth.trackerScope.isAll || auth.trackerScope.includes(holder.mainTrackerId) ? holder.name : undefined);
  }
}

/** 409 for a plate in use; the other asset is named when the caller may see it. */
export function plateTaken(plate: string, holderName?: string): DomainException {
  const where = holderName ? `asset "${holderName}"` : 'another asset of the client';
  return new DomainException(ErrorCode.Conflict, `Plate ${plate} is already used by ${where}`);
}
