import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ConfiguredGeocoderClient } from '@app/integrations';
import { GeocodeCacheEntry, geocodeKey } from './geocode-cache.schema';

/** Addresses of points: from the cache, else the geocoder (then cached). Never throws: null instead. */
@Injectable()
export class AddressResolver {
  private readonly logger = new Logger(AddressResolver.name);

  constructor(
    private readonly geocoder: ConfiguredGeocoderClient,
    @InjectModel(GeocodeCacheEntry.name) private readonly cache: Model<GeocodeCacheEntry>,
  ) {}

  /** The addresses of several points; points in the same cache cell are looked up once. */
  async addressesOf(points: ReadonlyArray<{ lat: number; lng: number } | undefined>, requestId: string): Promise<(string | null)[]> {
    // Without a geocoder every answer is null: no key nor promise per point (a report has 62 000).
    if (!this.geocoder.enabled) return points.map(() => null);
    const byKey = new Map<string, Promise<string | null>>();
    return Promise.all(
      points.map((point) => {
        const key = point ? geocodeKey(point.lat, point.lng) : '';
        if (!byKey.has(key)) byKey.set(key, this.addressOf(point, requestId));
        return byKey.get(key)!;
      }),
    );
  }

  async addressOf(point: { lat: number; lng: number } | undefined, requestId: string): Promise<string | null> {
    if (!point || !this.geocoder.enabled) return null;
    const _id = geocodeKey(point.lat, point.lng);
    try {
      const cached = await this.cache.findById(_id).lean<GeocodeCacheEntry>().exec();
      if (cached) return cached.address;
      const address = await this.geocoder.reverse(point.lat, point.lng);
      await this.cache.updateOne({ _id }, { $set: { address, resolvedAt: new Date() } }, { upsert: true }).exec();
      return address;
    } catch (error) {
      this.logger.warn({ requestId, key: _id }, `No address for ${_id}: ${(error as Error).message}`);
      return null;
    }
  }
}
