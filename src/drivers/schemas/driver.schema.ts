import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';
import { driverSearchKeys } from '../driver-search-keys';

/** A driver of a client, created by the spreadsheet import. One per RUT within a client. */
@Schema({ collection: 'drivers', timestamps: true })
export class Driver {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  /** The user whose import created the driver. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  /** Canonical RUT: no dots, hyphen before the check digit, upper-case K (`12345678-5`). */
  @Prop({ required: true, maxlength: 12 })
  rut: string;

  @Prop({ required: true, trim: true, maxlength: 100 })
  firstName: string;

  @Prop({ required: true, trim: true, maxlength: 100 })
  lastName: string;

  /** Digits with an optional leading `+`, no spaces. */
  @Prop({ maxlength: 16 })
  phone?: string;

  /** Lower case. */
  @Prop({ maxlength: 254 })
  email?: string;

  @Prop({ trim: true, maxlength: 200 })
  address?: string;

  @Prop({ trim: true, maxlength: 100 })
  city?: string;

  /** The driver's own key (an iButton or RFID code) as entered: telemetry that sends it assigns the driver to the vehicle. */
  @Prop({ trim: true, maxlength: 64 })
  identificationKey?: string;

  /** `clientId:KEY` (the key upper-case): unique per client, and the lookup of the telemetry's keys. */
  @Prop()
  identificationKeyIndex?: string;

  /** Set when the driver was removed: history still refers to the record, lists leave it out. */
  @Prop()
  archivedAt?: Date;

  /** `firstName lastName` lower case without accents: the list's name search (anchored regex). */
  @Prop()
  nameKey?: string;

  /** `lastName` likewise, so a search may start with the last name. */
  @Prop()
  lastNameKey?: string;

  /** `city` likewise: the list's city filter, regardless of case and accents. */
  @Prop()
  cityKey?: string;

  createdAt: Date;
  updatedAt: Date;
}

export type DriverDocument = HydratedDocument<Driver>;
export const DriverSchema = SchemaFactory.createForClass(Driver);
// Drivers created through mongoose (the demo seed) get their search keys here; the import, the
// create and the edit write through the driver and add `driverSearchKeys` themselves.
DriverSchema.pre('validate', function setSearchKeys() {
  Object.assign(this, driverSearchKeys(this));
});
// The import's and the preview's "already registered" lookup (`{clientId, rut: {$in}}`), the create
// and edit's 409, and the import's race guard: two
// imports of the same RUT at once cannot both insert it (the loser gets 11000 → a failed row).
DriverSchema.index({ clientId: 1, rut: 1 }, { unique: true });
// A key is the driver's within the client (409 on a second), and optional: one field, unique and
// sparse, because mongo-java-server counts a missing value against a partial index's uniqueness.
DriverSchema.index({ identificationKeyIndex: 1 }, { unique: true, sparse: true });

/** How a key is compared: trimmed, upper-case (hex codes are sent in either case). */
export const normalIdentificationKey = (key: string | number): string => String(key).trim().toUpperCase();

/** The value of `identificationKeyIndex` for a driver of this client with this key (undefined: none). */
export const identificationKeyIndexOf = (clientId: Types.ObjectId, key: string | null | undefined): string | undefined =>
  key ? `${clientId.toHexString()}:${normalIdentificationKey(key)}` : undefined;
