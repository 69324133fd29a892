import { Types } from 'mongoose';
import type { FieldError } from '@app/errors';
import { AnswerInput, buildAnswerSet, type StoredForm } from '../../forms';
import type { WorkOrderForm } from '../schemas/work-order.schema';

export type FormEntry = WorkOrderForm & { _id: Types.ObjectId };

/** A form's answers checked and turned into the entry a work order stores, or the field errors. */
export function buildFormEntry(
  form: StoredForm,
  answers: readonly AnswerInput[],
  by: { userId: Types.ObjectId; today: string },
): { entry: FormEntry } | { errors: FieldError[] } {
  const built = buildAnswerSet(form, answers, by);
  if ('errors' in built) return built;
  return { entry: { _id: new Types.ObjectId(), ...built.answerSet } };
}
