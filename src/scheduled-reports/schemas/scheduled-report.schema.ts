import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { Frequency } from '../schedule/report-schedule';
import type { ReportFormat, ReportName } from '../sources/report-source';

@Schema({ _id: false })
export class ScheduleRecord {
  @Prop({ type: String, required: true })
  frequency: Frequency;

  @Prop({ required: true })
  time: string;

  @Prop({ type: Number, default: null })
  dayOfWeek: number | null;

  @Prop({ type: Number, default: null })
  dayOfMonth: number | null;

  @Prop({ required: true })
  timeZone: string;
}

@Schema({ _id: false })
export class ReportRecipients {
  @Prop({ type: [String], default: [] })
  emails: string[];

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  userIds: Types.ObjectId[];
}

/**
 * A report e-mailed on a schedule (docs/reports.md, "Scheduled reports"). It runs as its owner
 * (the user who created it): their permissions and trackers decide what the report holds.
 */
@Schema({ collection: 'scheduled_reports', timestamps: true, minimize: false, versionKey: false })
export class ScheduledReport {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  ownerId: Types.ObjectId;

  @Prop({ required: true })
  name: string;

  @Prop({ type: String, required: true })
  report: ReportName;

  @Prop({ type: SchemaTypes.Mixed, default: () => ({}) })
  params: Record<string, unknown>;

  @Prop({ type: String, required: true })
  format: ReportFormat;

  @Prop({ type: ScheduleRecord, required: true })
  schedule: ScheduleRecord;

  @Prop({ type: ReportRecipients, required: true })
  recipients: ReportRecipients;

  @Prop({ default: true })
  enabled: boolean;

  /** The next scheduled run (null while disabled): the due sweep's index. */
  @Prop({ type: Date, default: null })
  nextRunAt: Date | null;

  createdAt: Date;
  updatedAt: Date;
}

export const ScheduledReportSchema = SchemaFactory.createForClass(ScheduledReport);
ScheduledReportSchema.index({ clientId: 1, _id: -1 });
ScheduledReportSchema.index({ nextRunAt: 1 });
