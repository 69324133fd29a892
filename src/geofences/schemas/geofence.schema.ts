import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import { MapItem } from '@app/geo/map-item';
import type { AreaGeometry } from '@app/geo';

/** An area of a client's that events are detected against (docs/events.md, "Geofences"). */
@Schema({ collection: 'geofences', timestamps: true, minimize: false })
export class Geofence extends MapItem {
  /** `#rrggbb`, for the map. */
  @Prop({ default: '#1e88e5' })
  color: string;

  /** GeoJSON (`[lng, lat]`): Point, LineString, Polygon or MultiPolygon; stored as sent, so a MongoDB can index it. */
  @Prop({ type: SchemaTypes.Mixed, required: true })
  geometry: AreaGeometry;

  /** A circle's radius (Point), metres. */
  @Prop({ type: Number, default: null })
  radiusM: number | null;

  /** A corridor's full width (LineString), metres. */
  @Prop({ type: Number, default: null })
  widthM: number | null;

  /** The speed limit inside, km/h; the lowest of the geofences an asset is in applies. */
  @Prop({ type: Number, default: null })
  speedLimitKmh: number | null;

  /** Applies to every asset of the client, or only to `assetIds` and the assets of `groupIds`. */
  @Prop({ default: true })
  allAssets: boolean;

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  assetIds: Types.ObjectId[];

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  groupIds: Types.ObjectId[];

  createdAt: Date;
  updatedAt: Date;
}

export const GeofenceSchema = SchemaFactory.createForClass(Geofence);
// The geofence list, newest first (`{clientId}` + `_id`), and every fence of a client when its
// spatial index is built: used by MongoDB; mongo-java-server scans (at most 10 000 a client).
GeofenceSchema.index({ clientId: 1, _id: -1 });

/**
 * A client's geofences change counter: read (by `_id`, a lookup) at most once per read-cache
 * lifetime by each instance's spatial index, so another instance's edit is seen within it.
 */
@Schema({ collection: 'geofence_versions', versionKey: false })
export class GeofenceVersion {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  version: number;
}

export const GeofenceVersionSchema = SchemaFactory.createForClass(GeofenceVersion);
