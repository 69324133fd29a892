import { Types } from 'mongoose';
import type { Stored } from '@app/database';
import { compileGeofence, type Geofence } from '../../geofences';

/** A compiled geofence for the detector's unit tests: one of every asset, without a width or a speed limit, `data` over it. */
export function testGeofence(data: Partial<Stored<Geofence>> & Pick<Geofence, 'name' | 'geometry'>) {
  return compileGeofence({
    _id: new Types.ObjectId(),
    clientId: new Types.ObjectId(),
    description: '',
    color: '#000000',
    radiusM: null,
    widthM: null,
    speedLimitKmh: null,
    allAssets: true,
    assetIds: [],
    groupIds: [],
    createdAt: new Date(),
    updatedAt: new Date(),
    ...data,
  });
}
