import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { notFound } from '@app/errors';
import { Asset, AssetDirectory, type StoredAsset } from '@app/fleet';
import { Driver } from '../drivers';
import { FormsService } from '../forms';
import { Place } from '../places';

/** The records a task names, as found for the caller. */
export interface TaskRefs {
  asset?: StoredAsset | null;
  place?: Stored<Place> | null;
  driver?: Stored<Driver> | null;
  formId?: Types.ObjectId | null;
}

/** The ids a body names: a string to check, `null` to clear, absent to leave. */
export interface NamedRefs {
  assetId?: string | null;
  placeId?: string | null;
  driverId?: string | null;
  formId?: string | null;
}

export const driverNameOf = (driver: Pick<Driver, 'firstName' | 'lastName'>): string => `${driver.firstName} ${driver.lastName}`.trim();

/**
 * Checks what a task body names: an asset in service within the caller's trackers, a place,
 * a driver not removed and a dynamic form of the client; anything else is a 404 naming it, as
 * its own URL would be.
 */
@Injectable()
export class TaskReferences {
  constructor(
    private readonly assetDirectory: AssetDirectory,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
    private readonly forms: FormsService,
  ) {}

  async resolve(auth: AuthContext, named: NamedRefs): Promise<TaskRefs> {
    const refs: TaskRefs = {};
    if (named.assetId === null) refs.asset = null;
    else if (named.assetId !== undefined) refs.asset = await this.assetDirectory.findAssetInServiceOrFail(auth, named.assetId);
    if (named.placeId === null) refs.place = null;
    else if (named.placeId !== undefined) refs.place = await this.places.findByIdOrFail(auth, named.placeId, 'Place');
    if (named.driverId === null) refs.driver = null;
    else if (named.driverId !== undefined) refs.driver = await this.driver(auth, named.driverId);
    if (named.formId === null) refs.formId = null;
    else if (named.formId !== undefined) refs.formId = new Types.ObjectId((await this.forms.get(auth, named.formId))._id);
    return refs;
  }

  /** What a list's filters name: archived assets and removed drivers too (their history is listed). */
  async resolveForFilter(auth: AuthContext, named: Pick<NamedRefs, 'assetId' | 'placeId' | 'driverId'>): Promise<TaskRefs> {
    return {
      asset: named.assetId ? await this.assets.findByIdOrFail(auth, named.assetId, 'Asset') : undefined,
      place: named.placeId ? await this.places.findByIdOrFail(auth, named.placeId, 'Place') : undefined,
      driver: named.driverId ? await this.drivers.findByIdOrFail(auth, named.driverId, 'Driver') : undefined,
    };
  }

  private async driver(auth: AuthContext, id: string): Promise<Stored<Driver>> {
    const driver = await this.drivers.findById(auth, id);
    if (!driver || driver.archivedAt) throw notFound('Driver');
    return driver;
  }
}
