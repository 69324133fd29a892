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

  /** `{inspectorId}:{Idempotency-Key}` of a keyed submission: a retry with the key is answered this inspection. */
  @Prop()
  submissionKey?: string;

  /** A hash of what the keyed request asked: the key sent again with another body is a 409. */
  @Prop()
  requestFingerprint?: string;
}

export type InspectionDocument = HydratedDocument<Inspection>;
export const InspectionSchema = SchemaFactory.createForClass(Inspection);
// Inspections are read by _id; the list (newest first by _id, filters by asset, critical,
// inspector, time) reads a client's inspections through this index on MongoDB (mongo-java-server scans).
InspectionSchema.index({ clientId: 1, assetId: 1, submittedAt: -1 });
// A keyed submission's retry looks its inspection up by `submissionKey`; two attempts at once cannot
// both store one (the second insert fails here and answers the first's). Sparse, not partial:
// mongo-java-server ignores a partial filter, and every unkeyed inspection would collide on null.
InspectionSchema.index({ submissionKey: 1 }, { unique: true, sparse: true });
