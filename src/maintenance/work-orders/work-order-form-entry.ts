import { Types } from 'mongoose';
import type { FieldError } from '@app/errors';
import { AnswerInput, validateAnswers, type StoredForm } from '../../forms';
import type { WorkOrderForm } from '../schemas/work-order.schema';

export type FormEntry = WorkOrderForm & { _id: Types.ObjectId };

/** A form's answers checked and turned into the entry a work order stores, or the field errors. */
export function buildFormEntry(
  form: StoredForm,
  answers: readonly AnswerInput[],
  by: { userId: Types.ObjectId; today: string },
): { entry: FormEntry } | { errors: FieldError[] } {
  const checked = validateAnswers(form.fields, answers, { today: by.today });
  if (!checked.ok) return { errors: checked.errors };
  return {
    entry: {
      _id: new Types.ObjectId(),
      formId: form._id,
      formVersion: form.version,
      formName: form.name,
      answers: checked.answers,
      critical: checked.critical,
      criticalFieldIds: checked.criticalFieldIds,
      submittedBy: by.userId,
      submittedAt: new Date(),
    },
  };
}
