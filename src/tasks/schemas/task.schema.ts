import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

export const TASK_STATES = ['unassigned', 'assigned', 'arrived', 'done', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

@Schema({ _id: false })
export class TaskLocation {
  @Prop({ required: true })
  lat: number;

  @Prop({ required: true })
  lng: number;
}

/** What proves a task done: the form's submission (an inspection), uploads (photos, a signature), a note. */
@Schema({ _id: false })
export class TaskProof {
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  submissionId: Types.ObjectId | null;

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  uploadIds: Types.ObjectId[];

  @Prop({ type: String, default: null })
  note: string | null;
}

/**
 * A job at a place or a point within a time window (docs/dispatch.md, "Tasks"). Owned by its
 * asset when it has one (scope by the caller's trackers); without one, only callers who see
 * every tracker see it. `window` is stored flat (`windowFrom`, `windowTo`) so lists sort by it.
 */
@Schema({ collection: 'tasks', timestamps: true, minimize: false })
export class Task {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 200 })
  title: string;

  @Prop({ default: '', maxlength: 2000 })
  description: string;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  placeId: Types.ObjectId | null;

  /** A point instead of a place, with `radiusM`. */
  @Prop({ type: SchemaFactory.createForClass(TaskLocation), default: null })
  location: TaskLocation | null;

  @Prop({ type: Number, default: null })
  radiusM: number | null;

  @Prop({ required: true })
  windowFrom: Date;

  @Prop({ required: true })
  windowTo: Date;

  @Prop({ type: Number, default: null })
  serviceMinutes: number | null;

  /** Absent while unassigned (an asset-owned record without its asset). */
  @Prop({ type: SchemaTypes.ObjectId, default: undefined })
  assetId?: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  driverId: Types.ObjectId | null;

  @Prop({ type: String, default: null })
  driverName: string | null;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  formId: Types.ObjectId | null;

  @Prop({ type: String, default: null })
  externalId: string | null;

  /** `clientId:externalId` when there is one, else unset: what makes externalId unique per client. */
  @Prop({ type: String, default: undefined })
  externalKey?: string;

  @Prop({ type: String, enum: TASK_PRIORITIES, required: true, default: 'normal' })
  priority: TaskPriority;

  @Prop({ type: String, enum: TASK_STATES, required: true })
  state: TaskState;

  /** Arrived after `windowTo`, or not arrived when it passed. */
  @Prop({ required: true, default: false })
  late: boolean;

  @Prop({ type: Date, default: null })
  arrivedAt: Date | null;

  /** The `place.arrival` event that made it `arrived` (an event told again changes nothing). */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  arrivalEventId: Types.ObjectId | null;

  @Prop({ type: Date, default: null })
  departedAt: Date | null;

  @Prop({ type: Date, default: null })
  completedAt: Date | null;

  @Prop({ type: String, default: null })
  failureReason: string | null;

  @Prop({ type: SchemaFactory.createForClass(TaskProof), default: null })
  proof: TaskProof | null;

  /**
   * When the window closes for a task still waiting for its arrival (`windowTo`), unset once it
   * arrived, ended or was found late: what the late sweep looks for (a sparse key).
   */
  @Prop({ type: Date, default: undefined })
  lateCheckAt?: Date;

  /** When its route's ETA first passed `windowTo` (`task.eta_late`, told once): set by the route's ETA watch. */
  @Prop({ type: Date, default: undefined })
  etaLateAt?: Date;

  createdAt: Date;
  updatedAt: Date;
}

export const TaskSchema = SchemaFactory.createForClass(Task);
// The dispatcher's list: a client's tasks by window start (a day's list is a range of it).
TaskSchema.index({ clientId: 1, windowFrom: 1, _id: 1 });
// externalId unique per client, and the import's update by it a lookup: one field, unique and
// sparse (mongo-java-server ignores partial filters and would count missing values).
TaskSchema.index({ externalKey: 1 }, { unique: true, sparse: true });
// A write over the task as read (arrivals: `{_id, updatedAt}`) is a lookup on the embedded server
// only with a unique index of exactly those keys (measured: 1.4 ms a write at 20 000 tasks, as by
// `_id` alone; with `state` instead, 3.0 ms: any other query scans, DESIGN.md).
TaskSchema.index({ _id: 1, updatedAt: 1 }, { unique: true });
// The late sweep: only tasks still waiting for an arrival carry the key.
TaskSchema.index({ lateCheckAt: 1 }, { sparse: true });

/** The value of `externalKey` for a task of this client with this externalId (undefined: unset). */
export const taskExternalKey = (clientId: Types.ObjectId, externalId: string | null | undefined): string | undefined =>
  externalId ? `${clientId.toHexString()}:${externalId}` : undefined;
