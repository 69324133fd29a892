import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Coordinates rounded to 4 decimals (about 11 m): the cache key of an address. */
export const geocodeKey = (lat: number, lng: number) => `${lat.toFixed(4)},${lng.toFixed(4)}`;

/** A geocoder answer kept for good (addresses do not move); read by `_id`, a lookup everywhere. */
@Schema({ collection: 'geocode_cache', versionKey: false })
export class GeocodeCacheEntry {
  @Prop({ type: String })
  _id: string;

  /** null: the geocoder knows no address there (failures are not cached). */
  @Prop({ type: String, default: null })
  address: string | null;

  @Prop({ required: true })
  resolvedAt: Date;
}

export const GeocodeCacheEntrySchema = SchemaFactory.createForClass(GeocodeCacheEntry);
