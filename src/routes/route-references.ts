import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { notFound } from '@app/errors';
import { AssetDirectory, type StoredAsset } from '@app/fleet';
import { Driver } from '../drivers';

/**
 * What a route body names besides its tasks: an asset in service within the caller's trackers
 * and a driver not removed; anything else is a 404 naming it, as its own URL would be.
 */
@Injectable()
export class RouteReferences {
  constructor(
    private readonly assets: AssetDirectory,
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
  ) {}

  asset(auth: AuthContext, id: string): Promise<StoredAsset> {
    return this.assets.findAssetInServiceOrFail(auth, id);
  }

  /** The route's vehicle in service, whose main tracker gives the position (the read its visibility check cached); null once archived. */
  vehicle(auth: AuthContext, id: Types.ObjectId): Promise<StoredAsset | null> {
    return this.assets.findAssetInService(auth, id.toHexString());
  }

  /** The driver's id; `null` clears it. */
  async driverId(auth: AuthContext, id: string | null): Promise<Types.ObjectId | null> {
    if (id === null) return null;
    const driver: Stored<Driver> | null = await this.drivers.findById(auth, id);
    if (!driver || driver.archivedAt) throw notFound('Driver');
    return driver._id;
  }

  /** A list filter's asset or driver: archived and removed ones too (their routes are listed). */
  async forFilter(auth: AuthContext, query: { assetId?: string; driverId?: string }): Promise<void> {
    if (query.assetId && (await this.assets.findAssetsByIds(auth, [new Types.ObjectId(query.assetId)])).size === 0) throw notFound('Asset');
    if (query.driverId) await this.drivers.findByIdOrFail(auth, query.driverId, 'Driver');
  }
}
