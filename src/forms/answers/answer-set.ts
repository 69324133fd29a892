import type { Types } from 'mongoose';
import type { FieldError } from '@app/errors';
import type { StoredForm } from '../forms.service';
import { AcceptedAnswer, AnswerInput, validateAnswers } from './form-answers.validator';

/** A form answered once: what a work order's form entry and an inspection both store. */
export interface AnswerSet {
  formId: Types.ObjectId;
  formVersion: number;
  formName: string;
  answers: AcceptedAnswer[];
  /** A critical option was chosen, or a yes/no answered as its `criticalWhen`. */
  critical: boolean;
  criticalFieldIds: string[];
  submittedBy: Types.ObjectId;
  submittedAt: Date;
}

/** A form's answers checked against its current fields (and version), or the field errors. */
export function buildAnswerSet(
  form: StoredForm,
  answers: readonly AnswerInput[],
  by: { userId: Types.ObjectId; today: string },
): { answerSet: AnswerSet } | { errors: FieldError[] } {
  const checked = validateAnswers(form.fields, answers, { today: by.today });
  if (!checked.ok) return { errors: checked.errors };
  return {
    answerSet: {
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
