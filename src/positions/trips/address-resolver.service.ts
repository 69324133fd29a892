import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { IDS_PER_QUERY } from '@app/database';
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

  /**
   * The addresses of several points: the cached ones read together, IDS_PER_QUERY cells a
   * query (a report of 31 000 trips read each cell of its route ends by `_id` alone), the others
   * geocoded once per cell.
   */
  async addressesOf(points: ReadonlyArray<{ lat: number; lng: number } | undefined>, requestId: string): Promise<(string | null)[]> {
    // Without a geocoder every answer is null: no key nor promise per point.
    if (!this.geocoder.enabled) return points.map(() => null);
    const keys = points.map((point) => (point ? geocodeKey(point.lat, point.lng) : ''));
    const cached = await this.cached([...new Set(keys.filter(Boolean))], requestId);
    if (!cached) return points.map(() => null);
    // Cached answers are written straight in: a promise each only for what is geocoded.
    const answer = points.map((point, i) => (point ? (cached.get(keys[i]) ?? null) : null));
    const byKey = new Map<string, Promise<string | null>>();
    const geocoded: Promise<void>[] = [];
    points.forEach((point, i) => {
      const key = keys[i];
      if (!point || cached.has(key)) return;
      if (!byKey.has(key)) byKey.set(key, this.geocode(point, key, requestId));
      geocoded.push(byKey.get(key)!.then((address) => void (answer[i] = address)));
    });
    await Promise.all(geocoded);
    return answer;
  }

  /** The cached addresses of these keys (a key not cached is absent); null when the cache cannot be read (nothing geocoded then). */
  private async cached(keys: string[], requestId: string): Promise<Map<string, string | null> | null> {
    const found = new Map<string, string | null>();
    try {
      for (let i = 0; i < keys.length; i += IDS_PER_QUERY) {
        const entries = await this.cache
          .find({ _id: { $in: keys.slice(i, i + IDS_PER_QUERY) } })
          .lean<GeocodeCacheEntry[]>()
          .exec();
        for (const entry of entries) found.set(entry._id, entry.address);
      }
    } catch (error) {
      this.logger.warn({ requestId, keys: keys.length }, `No addresses: the geocode cache was not read: ${(error as Error).message}`);
      return null;
    }
    return found;
  }

  private async geocode(point: { lat: number; lng: number }, key: string, requestId: string): Promise<string | null> {
    try {
      const address = await this.geocoder.reverse(point.lat, point.lng);
      await this.cache.updateOne({ _id: key }, { $set: { address, resolvedAt: new Date() } }, { upsert: true }).exec();
      return address;
    } catch (error) {
      this.logger.warn({ requestId, key }, `No address for ${key}: ${(error as Error).message}`);
      return null;
    }
  }
}
