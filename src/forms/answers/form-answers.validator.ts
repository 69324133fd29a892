import type { FieldError } from '@app/errors';
import type { FieldType } from '../form-field-types';
import type { FormField } from '../schemas/form-field.schema';
import { AnswerContext, AnswerValue, checkAnswer, isBlank } from './answer-rules';

export interface AnswerInput {
  fieldId: string;
  value?: unknown;
}

/** An answer as stored: the field's type and label are kept so it reads right if the form changes. */
export interface AcceptedAnswer {
  fieldId: string;
  type: FieldType;
  label: string;
  value: AnswerValue;
  critical: boolean;
}

export type AnswersCheck = { ok: true; answers: AcceptedAnswer[]; critical: boolean; criticalFieldIds: string[] } | { ok: false; errors: FieldError[] };

/**
 * Turns an answer set into accepted answers or field errors, against the form's fields: unknown
 * and repeated fields, required fields, and each type's rules. Used by work orders and meant for
 * inspection submissions. Paths name the answer (`answers.2.value`), or `answers` for a missing
 * required field.
 */
export function validateAnswers(fields: readonly FormField[], answers: readonly AnswerInput[], context: AnswerContext): AnswersCheck {
  const byId = new Map(fields.map((field) => [field.fieldId, field]));
  const errors: FieldError[] = [];
  const accepted = new Map<string, AcceptedAnswer>();
  const answered = new Set<string>();

  answers.forEach((answer, index) => {
    const field = byId.get(answer.fieldId);
    if (!field) return errors.push({ path: `answers.${index}.fieldId`, message: `The form has no field "${answer.fieldId}"` });
    if (answered.has(field.fieldId)) {
      return errors.push({ path: `answers.${index}.fieldId`, message: `Field "${field.fieldId}" is answered more than once` });
    }
    answered.add(field.fieldId);
    if (isBlank(answer.value)) {
      if (field.required) errors.push({ path: `answers.${index}.value`, message: `"${field.label}" is required` });
      return;
    }
    const result = checkAnswer(field, answer.value, context);
    if ('error' in result) return errors.push({ path: `answers.${index}.value`, message: result.error });
    accepted.set(field.fieldId, { fieldId: field.fieldId, type: field.type, label: field.label, ...result });
  });

  for (const field of fields) {
    if (field.required && !answered.has(field.fieldId)) {
      errors.push({ path: 'answers', message: `"${field.label}" (${field.fieldId}) is required` });
    }
  }
  if (errors.length > 0) return { ok: false, errors };

  // Stored in the form's field order, whatever order they were sent in.
  const ordered = fields.flatMap((field) => accepted.get(field.fieldId) ?? []);
  const criticalFieldIds = ordered.filter((answer) => answer.critical).map((answer) => answer.fieldId);
  return { ok: true, answers: ordered, critical: criticalFieldIds.length > 0, criticalFieldIds };
}
