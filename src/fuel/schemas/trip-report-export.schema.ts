import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A cached trip report export (a built file) of a client. It is valid only while its
 * `generation` equals the client's current export generation (`TripReportExportGeneration`).
 */
@Schema({ collection: 'trip_report_exports', timestamps: false })
export class TripReportExport {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  /** What the export was built from (report kind, assets, period, format), chosen by its builder. */
  @Prop({ required: true, maxlength: 500 })
  key: string;

  @Prop({ required: true })
  generation: number;

  @Prop({ required: true })
  contentType: string;

  @Prop({ type: Buffer, required: true })
  content: Buffer;

  /** The file's data rows (trips, or assets for the fuel report; totals not counted); an entry without it is built again. */
  @Prop({ type: Number })
  rows?: number;

  @Prop({ required: true })
  createdAt: Date;
}

export const TripReportExportSchema = SchemaFactory.createForClass(TripReportExport);
// The cache lookup and upsert `{clientId, key}`: a unique index, so a lookup on mongo-java-server.
TripReportExportSchema.index({ clientId: 1, key: 1 }, { unique: true });

/** A client's export generation: raised by every change that makes cached exports stale. */
@Schema({ collection: 'trip_report_export_generations', timestamps: false })
export class TripReportExportGeneration {
  /** The clientId. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  _id: Types.ObjectId;

  @Prop({ required: true, default: 0 })
  generation: number;

  /** The latest changes that raised it, so a resumed change does not raise it twice. */
  @Prop({ type: [String], default: [] })
  raisedBy: string[];
}

export const TripReportExportGenerationSchema = SchemaFactory.createForClass(TripReportExportGeneration);
