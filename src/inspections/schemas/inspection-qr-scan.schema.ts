import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

/** One entry of a QR's scan history: who scanned it, and when. Append-only. */
@Schema({ collection: 'inspection_qr_scans', timestamps: false })
export class InspectionQrScan {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  qrCodeId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ required: true })
  scannedAt: Date;

  @Prop()
  requestId?: string;
}

export type InspectionQrScanDocument = HydratedDocument<InspectionQrScan>;
export const InspectionQrScanSchema = SchemaFactory.createForClass(InspectionQrScan);
// A QR's history, newest first. History is kept apart from the QR so the QR document stays small.
InspectionQrScanSchema.index({ qrCodeId: 1, scannedAt: -1 });
