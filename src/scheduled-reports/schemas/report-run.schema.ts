import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export const RUN_STATES = ['pending', 'running', 'succeeded', 'failed', 'skipped'] as const;
export type RunState = (typeof RUN_STATES)[number];

/**
 * One run of a scheduled report: a scheduled one is unique per report and due time (so no
 * instance, restart or repeated sweep runs it twice); a manual one ("run now") has its own.
 */
@Schema({ collection: 'scheduled_report_runs', versionKey: false, minimize: false })
export class ReportRun {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  scheduledReportId: Types.ObjectId;

  /** `scheduled:<due time>` or `manual:<id>`: unique per report. */
  @Prop({ required: true })
  key: string;

  @Prop({ required: true })
  manual: boolean;

  /** The time it was due (a manual run: when it was asked for); its period is the one before. */
  @Prop({ required: true })
  dueAt: Date;

  @Prop({ type: String, required: true })
  state: RunState;

  @Prop({ default: 0 })
  attempts: number;

  @Prop({ type: Date, default: null })
  startedAt: Date | null;

  @Prop({ type: Date, default: null })
  finishedAt: Date | null;

  /** The rows the report held. */
  @Prop({ type: Number, default: null })
  rows: number | null;

  @Prop({ type: String, default: null })
  fileName: string | null;

  @Prop({ type: Number, default: null })
  fileBytes: number | null;

  /** How the file went: attached, or as a download link (a file too large for a mail). */
  @Prop({ type: String, default: null })
  delivery: 'attachment' | 'link' | null;

  @Prop({ type: Date, default: null })
  linkExpiresAt: Date | null;

  @Prop({ type: String, default: null })
  error: string | null;

  /** A failed attempt's retry (null: none coming). */
  @Prop({ type: Date, default: null })
  nextAttemptAt: Date | null;

  @Prop({ type: Date, default: () => new Date() })
  createdAt: Date;
}

export const ReportRunSchema = SchemaFactory.createForClass(ReportRun);
ReportRunSchema.index({ scheduledReportId: 1, key: 1 }, { unique: true });
ReportRunSchema.index({ clientId: 1, scheduledReportId: 1, _id: -1 });
