import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { Position } from '@app/geo';

export interface PointGeometry {
  type: 'Point';
  coordinates: Position;
}

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}

/**
 * Where a fleet goes on purpose — a customer, a depot, a fuel station (docs/places.md): a circle of
 * `radiusM` around `location`, or `area` when drawn. A vehicle stopped inside for `visitMinutes`
 * is visiting it.
 */
@Schema({ collection: 'places', timestamps: true, minimize: false })
export class Place {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  @Prop({ default: '', maxlength: 500 })
  address: string;

  /** GeoJSON Point `[lng, lat]`: the pin, and the circle's centre. */
  @Prop({ type: SchemaTypes.Mixed, required: true })
  location: PointGeometry;

  @Prop({ required: true, default: 100 })
  radiusM: number;

  /** A drawn outline: when set, it decides what is inside, not the circle. */
  @Prop({ type: SchemaTypes.Mixed, default: null })
  area: PolygonGeometry | null;

  /** The customer's own id for the place (unique per client): imports update by it. */
  @Prop({ type: String, default: null })
  externalId: string | null;

  @Prop({ type: [String], default: [] })
  tags: string[];

  @Prop({ default: '', maxlength: 2000 })
  notes: string;

  /** Minutes stopped inside that make a visit. */
  @Prop({ required: true, default: 3 })
  visitMinutes: number;

  createdAt: Date;
  updatedAt: Date;
}

export const PlaceSchema = SchemaFactory.createForClass(Place);
// The list, newest first, and a client's places when its index is built.
PlaceSchema.index({ clientId: 1, _id: -1 });
// An import's update by the customer's id is a lookup (a unique index with exactly its keys).
PlaceSchema.index({ clientId: 1, externalId: 1 }, { unique: true, partialFilterExpression: { externalId: { $type: 'string' } } });

/** A client's places change counter (`ClientVersionedCache`): keyed by client id. */
@Schema({ collection: 'place_versions', versionKey: false })
export class PlaceVersion {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  version: number;
}

export const PlaceVersionSchema = SchemaFactory.createForClass(PlaceVersion);
