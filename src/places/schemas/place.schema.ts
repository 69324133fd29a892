import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { PointGeometry, PolygonGeometry } from '@app/geo';
import { clientChangeLog } from '@app/database';

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

  /** `clientId:externalId` when there is one, else unset: what makes externalId unique per client (see the index). */
  @Prop({ type: String })
  externalKey?: string;

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
// externalId is unique per client, and an import's update by it a lookup: one field, unique and
// sparse (places without one are not in it), because mongo-java-server ignores partial filters
// (a partial index on {clientId, externalId} refused a second place without an externalId there).
PlaceSchema.index({ externalKey: 1 }, { unique: true, sparse: true });

/** The value of `externalKey` for a place of this client with this externalId (undefined: unset). */
export const placeExternalKey = (clientId: Types.ObjectId, externalId: string | null | undefined): string | undefined =>
  externalId ? `${clientId.toHexString()}:${externalId}` : undefined;

/** A client's places change counter (`ClientVersionedCache`): keyed by client id. */
@Schema({ collection: 'place_versions', versionKey: false })
export class PlaceVersion {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  version: number;
}

export const PlaceVersionSchema = SchemaFactory.createForClass(PlaceVersion);

/** Which places each version of the counter changed (`clientChangeLog`): other instances patch their index from it. */
export const PLACE_CHANGES = clientChangeLog('PlaceChange', 'place_changes');
