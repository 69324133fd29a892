import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

export type QrCodeStatus = 'valid' | 'revoked';

/** The QR sticker of an asset. Replacing it revokes this one and points at its successor. */
@Schema({ collection: 'inspection_qr_codes', timestamps: true })
export class InspectionQrCode {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  /** 8 Crockford base32 symbols, canonical (upper case, no hyphen). */
  @Prop({ required: true, minlength: 8, maxlength: 8 })
  code: string;

  @Prop({ required: true, enum: ['valid', 'revoked'], type: String, default: 'valid' })
  status: QrCodeStatus;

  @Prop()
  revokedAt?: Date;

  /** The QR that replaced this one. */
  @Prop({ type: SchemaTypes.ObjectId })
  replacedBy?: Types.ObjectId;

  createdAt: Date;
  updatedAt: Date;
}

export type InspectionQrCodeDocument = HydratedDocument<InspectionQrCode>;
export const InspectionQrCodeSchema = SchemaFactory.createForClass(InspectionQrCode);
// Every scan looks a code up by exactly `{code}`: a unique index is a lookup on mongo-java-server,
// and it keeps codes unique across clients (a code names one QR, whoever scans it).
InspectionQrCodeSchema.index({ code: 1 }, { unique: true });
