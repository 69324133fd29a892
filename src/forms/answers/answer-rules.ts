import { isObjectIdString } from '@app/formats';
import { FieldType, FORM_LIMITS } from '../form-field-types';
import type { FormField } from '../schemas/form-field.schema';

export type AnswerValue = string | number | boolean | string[];

/** A value a field accepts (normalized), and whether it is critical; or why it is refused. */
export type RuleResult = { value: AnswerValue; critical: boolean } | { error: string };

export interface AnswerContext {
  /** The client's today, `YYYY-MM-DD`, for the date restrictions. */
  today: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a sent value means "no answer": absent, null, blank text or an empty list. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** Checks one non-blank value against its field. Messages start with the field's label. */
export function checkAnswer(field: FormField, value: unknown, context: AnswerContext): RuleResult {
  const name = `"${field.label}"`;
  switch (field.type) {
    case FieldType.Text:
    case FieldType.Textarea: {
      if (typeof value !== 'string') return { error: `${name} must be a text` };
      const text = value.trim();
      const max = field.maxLength ?? (field.type === FieldType.Text ? FORM_LIMITS.textLength : FORM_LIMITS.textareaLength);
      if (field.minLength !== undefined && text.length < field.minLength) return { error: `${name} must have at least ${field.minLength} characters` };
      if (text.length > max) return { error: `${name} must have at most ${max} characters` };
      return { value: text, critical: false };
    }
    case FieldType.Number: {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { error: `${name} must be a number` };
      if (field.min !== undefined && value < field.min) return { error: `${name} must be at least ${field.min}` };
      if (field.max !== undefined && value > field.max) return { error: `${name} must be at most ${field.max}` };
      return { value, critical: false };
    }
    case FieldType.Select: {
      if (typeof value !== 'string') return { error: `${name} must be the optionId of one option` };
      const option = findOption(field, value);
      if (!option) return { error: `${name} has no option ${value}` };
      return { value: option.optionId, critical: option.critical === true };
    }
    case FieldType.Checkbox:
      return checkCheckbox(field, value, name);
    case FieldType.Boolean: {
      if (typeof value !== 'boolean') return { error: `${name} must be true or false` };
      return { value, critical: field.criticalWhen !== undefined && value === field.criticalWhen };
    }
    case FieldType.Stars: {
      const maxStars = field.maxStars ?? FORM_LIMITS.defaultStars;
      if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > maxStars) {
        return { error: `${name} must be a whole number of stars from 1 to ${maxStars}` };
      }
      return { value: value as number, critical: false };
    }
    case FieldType.Date:
      return checkDate(field, value, name, context);
    case FieldType.File:
      return checkFiles(field, value, name);
  }
}

function findOption(field: FormField, optionId: string) {
  return field.options?.find((option) => option.optionId.toLowerCase() === optionId.toLowerCase());
}

function checkCheckbox(field: FormField, value: unknown, name: string): RuleResult {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return { error: `${name} must be a list of optionIds` };
  const chosen = value.map((id) => findOption(field, id as string));
  const unknown = value.filter((_, index) => !chosen[index]);
  if (unknown.length > 0) return { error: `${name} has no option ${unknown.slice(0, 3).join(', ')}` };
  const ids = chosen.map((option) => option!.optionId);
  if (new Set(ids).size !== ids.length) return { error: `${name} must not check the same option twice` };
  if (field.minChecked !== undefined && ids.length < field.minChecked) return { error: `${name} needs at least ${field.minChecked} options checked` };
  if (field.maxChecked !== undefined && ids.length > field.maxChecked) return { error: `${name} allows at most ${field.maxChecked} options checked` };
  return { value: ids, critical: chosen.some((option) => option!.critical === true) };
}

function checkDate(field: FormField, value: unknown, name: string, context: AnswerContext): RuleResult {
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match || !isCalendarDay(+match[1], +match[2], +match[3])) return { error: `${name} must be a date as YYYY-MM-DD` };
  const day = value as string;
  if (field.disableFuture && day > context.today) return { error: `${name} must not be in the future (today is ${context.today})` };
  if (field.disablePast && day < context.today) return { error: `${name} must not be in the past (today is ${context.today})` };
  return { value: day, critical: false };
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkFiles(field: FormField, value: unknown, name: string): RuleResult {
  const max = field.maxFiles ?? FORM_LIMITS.defaultMaxFiles;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.trim() === '' || item.length > FORM_LIMITS.fileReferenceLength)) {
    return { error: `${name} must be a list of file references (upload ids, or names or URLs of uploaded files)` };
  }
  if (value.length > max) return { error: `${name} allows at most ${max} files` };
  const allowed = field.allowedExtensions;
  if (allowed?.length) {
    // An upload id carries no extension: its detected type is checked by the uploads domain.
    const refused = (value as string[]).filter((file) => !isUploadId(file) && !allowed.includes(extensionOf(file)));
    if (refused.length > 0) return { error: `${name} accepts only ${allowed.join(', ')} files, not ${refused.slice(0, 3).join(', ')}` };
  }
  return { value: (value as string[]).map((file) => file.trim()), critical: false };
}

/**
 * Whether a `file` answer's item is the id of a `POST /api/uploads` upload (24 hex characters)
 * rather than the name or URL of a file stored elsewhere.
 */
export function isUploadId(reference: string): boolean {
  return isObjectIdString(reference.trim());
}

/** The extension of a file name or URL path, lower case without the dot ('' when none). */
export function extensionOf(reference: string): string {
  const path = reference.trim().split(/[?#]/)[0];
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
