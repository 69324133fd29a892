import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';
import { AnsweredForm } from '../../forms';

@Schema({ _id: false })
export class InspectionLocation {
  @Prop({ required: true })
  lat: number;

  @Prop({ required: true })
  lng: number;
}

/** A form answered about an asset by an inspector (after a QR or asset scan). Never edited. */
@Schema({ collection: 'inspections', timestamps: false })
export class Inspection extends AnsweredForm {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  /** The QR scanned to reach the asset, when the submission named a code. */
  @Prop({ type: SchemaTypes.ObjectId })
  qrCodeId?: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  inspectorId: Types.ObjectId;

  @Prop()
  odometerKm?: number;

  @Prop({ type: SchemaFactory.createForClass(InspectionLocation) })
  location?: InspectionLocation;

  /** The work order a critical inspection opened (it links back by `inspection.inspectionId`). */
  @Prop({ type: SchemaTypes.ObjectId })
  workOrderId?: Types.ObjectId;
}

export type InspectionDocument = HydratedDocument<Inspection>;
export const InspectionSchema = SchemaFactory.createForClass(Inspection);
// Inspections are read by _id; the list (newest first by _id, filters by asset, critical,
// inspector, time) reads a client's inspections through this index on MongoDB (mongo-java-server scans).
InspectionSchema.index({ clientId: 1, assetId: 1, submittedAt: -1 });
