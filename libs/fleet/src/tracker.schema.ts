import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** Why a device's message was refused: its time is ahead of the server's clock, or it names another device. */
export type RefusalReason = 'future' | 'identMismatch';

// A class, not an interface: the OpenAPI metadata of the schema names it.
export class RefusedMessage {
  reason: RefusalReason;
  /** When the server refused it. */
  at: Date;
  /** The message's own `timestamp` (unix s). */
  timestamp: number;
  /** The `ident` it carried, if any. */
  ident: string | null;
}

/** A GPS device of a client; `vendorId` is its flespi device id. */
@Schema({ collection: 'trackers', timestamps: true })
export class Tracker {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, min: 1 })
  vendorId: number;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  /** The device model, e.g. `FMB920`. */
  @Prop({ trim: true, maxlength: 100 })
  model?: string;

  /** The phone number of the device's SIM card, when known. */
  @Prop({ trim: true, maxlength: 20 })
  phone?: string;

  /** The device's IMEI (15 digits), when known. */
  @Prop({ trim: true, maxlength: 15 })
  imei?: string;

  /** The device's identity as the stream sends it (flespi `ident`); set, messages with another are refused. */
  @Prop({ maxlength: 64 })
  ident?: string;

  /** The newest message the ingestion refused for this tracker (docs/telemetry.md, "Refused messages"). */
  @Prop({ type: SchemaTypes.Mixed })
  lastRefused?: RefusedMessage;

  createdAt: Date;
  updatedAt: Date;
}

export type TrackerDocument = HydratedDocument<Tracker>;
export const TrackerSchema = SchemaFactory.createForClass(Tracker);
// Trip and telemetry lookups come by vendor device id; a device belongs to one client, and the
// API's tracker creation relies on this index to refuse a vendorId already registered (409).
TrackerSchema.index({ vendorId: 1 }, { unique: true });
