import { ApiProperty } from '@nestjs/swagger';
import type { Types } from 'mongoose';
import type { Stored } from '@app/database';
import { FormFieldView, type FieldType, type FormField, toFieldView } from '../../forms';
import type { WorkOrder, WorkOrderForm, WorkOrderOrigin, WorkOrderPriority, WorkOrderStatus } from '../schemas/work-order.schema';
import { recordTimes } from '@app/http';

export const ANSWER_VALUE_SCHEMAS = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }];

export class WorkOrderAnswerView {
  fieldId: string;
  type: FieldType;
  label: string;
  /** Text, number, boolean, an optionId, or a list of optionIds or file references. */
  @ApiProperty({ oneOf: ANSWER_VALUE_SCHEMAS })
  value: string | number | boolean | string[];
  critical: boolean;
}

export class WorkOrderFormView {
  /** Id of this filled-in form within the work order. */
  id: string;
  formId: string;
  formVersion: number;
  formName: string;
  answers: WorkOrderAnswerView[];
  /** A critical option was chosen. */
  critical: boolean;
  criticalFieldIds: string[];
  submittedBy: string;
  submittedAt: Date;
  /** The form's fields as they were in `formVersion` (`GET …/{id}` only). */
  fields?: FormFieldView[];
}

export class WorkOrderTransitionView {
  /** open, in_progress, done, cancelled. */
  from: WorkOrderStatus;
  to: WorkOrderStatus;
  /** Why; null when none was given. */
  note: string | null;
  /** The user who made the change. */
  by: string;
  at: Date;
}

/** The inspection a work order was opened for. */
export class WorkOrderInspectionView {
  /** `GET /api/inspections/{id}`. */
  id: string;
  formId: string;
  formVersion: number;
  formName: string;
  /** The fields whose answers were critical. */
  criticalFieldIds: string[];
  submittedBy: string;
  submittedAt: Date;
}

export class WorkOrderView {
  id: string;
  clientId: string;
  assetId: string;
  category: string;
  title: string;
  description: string;
  /** low, medium, high, urgent. */
  priority: WorkOrderPriority;
  /** open, in_progress, done, cancelled. */
  status: WorkOrderStatus;
  /** `YYYY-MM-DD`, or null. */
  dueDate: string | null;
  forms: WorkOrderFormView[];
  /** Any attached form had a critical answer. */
  hasCriticalAnswers: boolean;
  /** The user doing the work, or null. */
  assigneeId: string | null;
  /** Status changes, oldest first. */
  history: WorkOrderTransitionView[];
  /** The critical inspection that opened the order, or null. */
  inspection: WorkOrderInspectionView | null;
  /** The service plan that opened the order (overdue), or null. */
  servicePlanId: string | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields of each form version an order's entries answered, by `formVersionKey`. */
export type VersionFields = ReadonlyMap<string, FormField[] | null>;
export const formVersionKey = (formId: Types.ObjectId, version: number) => `${formId.toHexString()}:${version}`;

function toFormView(form: WorkOrderForm & { _id: Types.ObjectId }, versions?: VersionFields): WorkOrderFormView {
  const fields = versions?.get(formVersionKey(form.formId, form.formVersion));
  return {
    ...(versions && { fields: (fields ?? []).map(toFieldView) }),
    id: form._id.toHexString(),
    formId: form.formId.toHexString(),
    formVersion: form.formVersion,
    formName: form.formName,
    answers: form.answers.map(({ fieldId, type, label, value, critical }) => ({ fieldId, type, label, value, critical })),
    critical: form.critical,
    criticalFieldIds: form.criticalFieldIds,
    submittedBy: form.submittedBy.toHexString(),
    submittedAt: form.submittedAt,
  };
}

function toInspectionView(origin: WorkOrderOrigin): WorkOrderInspectionView {
  return {
    id: origin.inspectionId.toHexString(),
    formId: origin.formId.toHexString(),
    formVersion: origin.formVersion,
    formName: origin.formName,
    criticalFieldIds: origin.criticalFieldIds ?? [],
    submittedBy: origin.submittedBy.toHexString(),
    submittedAt: origin.submittedAt,
  };
}

export function toWorkOrderView(order: Stored<WorkOrder>, versions?: VersionFields): WorkOrderView {
  return {
    id: order._id.toHexString(),
    clientId: order.clientId.toHexString(),
    assetId: order.assetId.toHexString(),
    category: order.category,
    title: order.title,
    description: order.description ?? '',
    priority: order.priority,
    status: order.status,
    dueDate: order.dueDate ?? null,
    forms: order.forms.map((form) => toFormView(form, versions)),
    hasCriticalAnswers: order.hasCriticalAnswers === true,
    assigneeId: order.assigneeId?.toHexString() ?? null,
    history: (order.history ?? []).map(({ from, to, note, by, at }) => ({ from, to, note: note ?? null, by: by.toHexString(), at })),
    inspection: order.inspection ? toInspectionView(order.inspection) : null,
    servicePlanId: order.servicePlanId?.toHexString() ?? null,
    createdBy: order.createdBy.toHexString(),
    ...recordTimes(order),
  };
}
