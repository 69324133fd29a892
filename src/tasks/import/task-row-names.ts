import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository, type UniqueKeyLookup } from '@app/database';
import { Asset, assetPlateKey } from '@app/fleet';
import { normalizeRut } from '@app/formats';
import { Driver } from '../../drivers';
import { Place, placeExternalKey } from '../../places';
import type { TaskImportRow } from './task-import-rows';

/**
 * Turns what a row names in people's terms into ids: `placeExternalId` (a place's externalId),
 * `assetPlate` (an asset in service within the caller's trackers), `driverRut` (a driver not
 * removed). Each is a lookup on a unique key.
 */
@Injectable()
export class TaskRowNames {
  private readonly placeByExternalKey: UniqueKeyLookup<Place>;
  private readonly assetByPlateKey: UniqueKeyLookup<Asset>;

  constructor(
    @InjectRepository(Place) places: TenantRepository<Place>,
    @InjectRepository(Asset) assets: TenantRepository<Asset>,
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
  ) {
    this.placeByExternalKey = places.lookupBy('externalKey', { batch: true });
    this.assetByPlateKey = assets.lookupBy('plateKey', { batch: true });
  }

  /** Adds `placeId`, `assetId` and `driverId` to the body for the names the row gives; or why it cannot. */
  async resolve(auth: AuthContext, cells: TaskImportRow['cells'], body: Record<string, unknown>): Promise<string | null> {
    if (cells.placeExternalId) {
      if (cells.placeId) return 'Give placeId or placeExternalId, not both';
      const place = await this.placeByExternalKey.find(auth, placeExternalKey(auth.clientId, cells.placeExternalId)!);
      if (!place) return `placeExternalId "${cells.placeExternalId}" is no place's`;
      body.placeId = place._id.toHexString();
    }
    if (cells.assetPlate) {
      const key = assetPlateKey({ clientId: auth.clientId, plate: cells.assetPlate });
      const asset = key ? await this.assetByPlateKey.find(auth, key) : null;
      if (!asset) return `assetPlate "${cells.assetPlate}" is no asset of yours in service`;
      body.assetId = asset._id.toHexString();
    }
    if (cells.driverRut) {
      const driver = await this.drivers.findOne(auth, { rut: normalizeRut(cells.driverRut) });
      if (!driver || driver.archivedAt) return `driverRut "${cells.driverRut}" is no driver of yours`;
      body.driverId = driver._id.toHexString();
    }
    return null;
  }
}
