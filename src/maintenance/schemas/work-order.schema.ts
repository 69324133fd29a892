import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';
import { AnsweredForm, FormVersionRef } from '../../forms';

export const WORK_ORDER_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];
export const WORK_ORDER_STATUSES = ['open', 'in_progress', 'done', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** A dynamic form filled in for the work order. */
@Schema({ timestamps: false })
export class WorkOrderForm extends AnsweredForm {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  submittedBy: Types.ObjectId;
}

/** One status change of a work order: kept on the order, oldest first (and an activity event). */
@Schema({ _id: false })
export class WorkOrderTransition {
  @Prop({ required: true, enum: WORK_ORDER_STATUSES, type: String })
  from: WorkOrderStatus;

  @Prop({ required: true, enum: WORK_ORDER_STATUSES, type: String })
  to: WorkOrderStatus;

  /** Why (required to reopen a done order). */
  @Prop()
  note?: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  by: Types.ObjectId;

  @Prop({ required: true })
  at: Date;
}

/** The inspection a work order was opened for: its id, and what it found, as it was submitted. */
@Schema({ _id: false })
export class WorkOrderOrigin extends FormVersionRef {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  inspectionId: Types.ObjectId;

  @Prop({ type: [String], default: [] })
  criticalFieldIds: string[];

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  submittedBy: Types.ObjectId;

  @Prop({ required: true })
  submittedAt: Date;
}

/** Maintenance work to do on an asset. */
@Schema({ collection: 'work_orders', timestamps: true })
export class WorkOrder {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  assetId: Types.ObjectId;

  /** One of the client's work order categories. */
  @Prop({ required: true })
  category: string;

  @Prop({ required: true, maxlength: 200 })
  title: string;

  @Prop({ default: '', maxlength: 5000 })
  description: string;

  @Prop({ required: true, enum: WORK_ORDER_PRIORITIES, type: String, default: 'medium' })
  priority: WorkOrderPriority;

  @Prop({ required: true, enum: WORK_ORDER_STATUSES, type: String, default: 'open' })
  status: WorkOrderStatus;

  /** A calendar day, `YYYY-MM-DD`. */
  @Prop()
  dueDate?: string;

  /** When its `work_order.overdue` event was recorded for this due date (cleared when the date changes). */
  @Prop({ type: Date })
  overdueEventAt?: Date;

  @Prop({ type: [SchemaFactory.createForClass(WorkOrderForm)], default: [] })
  forms: Array<WorkOrderForm & { _id: Types.ObjectId }>;

  /** The user of the client who does the work. */
  @Prop({ type: SchemaTypes.ObjectId })
  assigneeId?: Types.ObjectId;

  @Prop({ type: [SchemaFactory.createForClass(WorkOrderTransition)], default: [] })
  history: WorkOrderTransition[];

  /** Set when a critical inspection opened the order. */
  @Prop({ type: SchemaFactory.createForClass(WorkOrderOrigin) })
  inspection?: WorkOrderOrigin;

  /** Set when a service plan opened the order (overdue, `workOrder.autoCreate`): completing it records the service. */
  @Prop({ type: SchemaTypes.ObjectId })
  servicePlanId?: Types.ObjectId;

  /** The plan's cycle it was opened for (its id is derived from plan, asset and cycle: one per cycle). */
  @Prop({ type: Number })
  serviceCycle?: number;

  /** Any attached form had a critical answer: what a workshop list shows first. */
  @Prop({ default: false })
  hasCriticalAnswers: boolean;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  createdBy: Types.ObjectId;

  createdAt: Date;
  updatedAt: Date;
}

export type WorkOrderDocument = HydratedDocument<WorkOrder>;
export const WorkOrderSchema = SchemaFactory.createForClass(WorkOrder);
// Work orders are read by _id (client compared in code). This serves an asset's maintenance list.
WorkOrderSchema.index({ clientId: 1, assetId: 1, createdAt: -1 });
// The list's status filter and the category removal check ("does an open order use it?"); on
// mongo-java-server both scan the client's orders, on MongoDB this index serves them.
WorkOrderSchema.index({ clientId: 1, status: 1, category: 1 });
