import { ApiProperty } from '@nestjs/swagger';
import type { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { FieldType } from '../../forms';
import type { WorkOrder, WorkOrderForm, WorkOrderPriority, WorkOrderStatus } from '../schemas/work-order.schema';

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
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

function toFormView(form: WorkOrderForm & { _id: Types.ObjectId }): WorkOrderFormView {
  return {
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

export function toWorkOrderView(order: Stored<WorkOrder>): WorkOrderView {
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
    forms: order.forms.map(toFormView),
    hasCriticalAnswers: order.hasCriticalAnswers === true,
    createdBy: order.createdBy.toHexString(),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}
