import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export const CARGO_LOCATION_TYPES = ['loading', 'delivery', 'both'] as const;
export type CargoLocationType = (typeof CARGO_LOCATION_TYPES)[number];

/** GeoJSON point, `[longitude, latitude]`: stored as MongoDB expects, distances computed in code. */
@Schema({ _id: false })
export class GeoPoint {
  @Prop({ type: String, required: true, enum: ['Point'] })
  type: 'Point';

  @Prop({ type: [Number], required: true })
  coordinates: [number, number];
}

@Schema({ _id: false })
export class CargoContact {
  @Prop({ trim: true, maxlength: 100 })
  name?: string;

  @Prop({ maxlength: 16 })
  phone?: string;

  @Prop({ maxlength: 254 })
  email?: string;
}

/** A place where a client's cargo is loaded or delivered ("ubicación"). */
@Schema({ collection: 'cargo_locations', timestamps: true })
export class CargoLocation {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 120 })
  name: string;

  @Prop({ required: true, trim: true, maxlength: 200 })
  address: string;

  @Prop({ trim: true, maxlength: 100 })
  city?: string;

  @Prop({ type: GeoPoint, required: true })
  location: GeoPoint;

  @Prop({ type: String, required: true, enum: CARGO_LOCATION_TYPES })
  type: CargoLocationType;

  @Prop({ type: CargoContact })
  contact?: CargoContact;

  @Prop({ maxlength: 2000 })
  notes?: string;

  createdAt: Date;
  updatedAt: Date;
}

export const CargoLocationSchema = SchemaFactory.createForClass(CargoLocation);
// Read by `_id` only (TenantRepository); no secondary index is needed yet.
