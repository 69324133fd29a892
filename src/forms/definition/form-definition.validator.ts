import type { FieldError } from '@app/errors';
import { COMMON_FIELD_PROPERTIES, FIELD_TYPES, FieldType, FORM_LIMITS, FORM_STATUSES, TYPE_PROPERTIES } from '../form-field-types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSION = /^[a-z0-9]{1,10}$/;

type Loose = Record<string, unknown>;

const isNonNegativeInt = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown, max: number) => typeof value === 'string' && value.trim().length > 0 && value.length <= max;
const present = (value: unknown) => value !== undefined && value !== null;

/**
 * Checks a form's own definition: a form a client can answer consistently. Returns the problems
 * as `{path, message}` (empty when the form is sound). Bounds must be consistent, ids unique,
 * option ids uuids, and each field carries only the properties of its type.
 */
export function validateFormDefinition(form: Loose): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (path: string, message: string) => errors.push({ path, message });

  if (!isText(form.name, 200)) fail('name', 'name must be a non-empty text of at most 200 characters');
  if (present(form.description) && (typeof form.description !== 'string' || form.description.length > 2000)) {
    fail('description', 'description must be a text of at most 2000 characters');
  }
  if (!FORM_STATUSES.includes(form.status as never)) fail('status', `status must be one of ${FORM_STATUSES.join(', ')}`);
  if (present(form.version) && !(Number.isInteger(form.version) && (form.version as number) >= 1)) {
    fail('version', 'version must be a positive integer');
  }
  if (!Array.isArray(form.fields) || form.fields.length === 0 || form.fields.length > FORM_LIMITS.fields) {
    fail('fields', `fields must be a list of 1 to ${FORM_LIMITS.fields} fields`);
    return errors;
  }

  const fieldIds = new Set<string>();
  const optionIds = new Set<string>();
  form.fields.forEach((raw, index) => {
    const path = `fields.${index}`;
    if (typeof raw !== 'object' || raw === null) return fail(path, 'a field must be an object');
    const field = raw as Loose;
    if (!isText(field.fieldId, 100)) fail(`${path}.fieldId`, 'fieldId must be a non-empty text of at most 100 characters');
    else if (fieldIds.has(field.fieldId as string)) fail(`${path}.fieldId`, `fieldId "${field.fieldId as string}" is used by another field`);
    else fieldIds.add(field.fieldId as string);
    if (!isText(field.label, 500)) fail(`${path}.label`, 'label must be a non-empty text of at most 500 characters');
    if (present(field.required) && typeof field.required !== 'boolean') fail(`${path}.required`, 'required must be a boolean');
    if (present(field.helperText) && (typeof field.helperText !== 'string' || field.helperText.length > 1000)) {
      fail(`${path}.helperText`, 'helperText must be a text of at most 1000 characters');
    }
    if (!FIELD_TYPES.includes(field.type as FieldType)) {
      return fail(`${path}.type`, `type must be one of ${FIELD_TYPES.join(', ')}`);
    }
    const type = field.type as FieldType;
    const allowed = new Set<string>([...COMMON_FIELD_PROPERTIES, ...TYPE_PROPERTIES[type]]);
    for (const [key, value] of Object.entries(field)) {
      if (present(value) && !allowed.has(key)) fail(`${path}.${key}`, `${key} does not apply to a ${type} field`);
    }
    checkTypeProperties(type, field, path, fail, optionIds);
  });
  return errors;
}

type Fail = (path: string, message: string) => void;

function checkTypeProperties(type: FieldType, field: Loose, path: string, fail: Fail, optionIds: Set<string>): void {
  switch (type) {
    case FieldType.Text:
    case FieldType.Textarea: {
      const cap = type === FieldType.Text ? FORM_LIMITS.textLength : FORM_LIMITS.textareaLength;
      checkBounds(field, path, 'minLength', 'maxLength', fail, (v): v is number => isNonNegativeInt(v) && v <= cap, `an integer from 0 to ${cap}`);
      return;
    }
    case FieldType.Number:
      checkBounds(field, path, 'min', 'max', fail, isFiniteNumber, 'a number');
      return;
    case FieldType.Select:
    case FieldType.Checkbox:
      checkOptions(field, path, fail, optionIds);
      if (type === FieldType.Checkbox) checkCheckedBounds(field, path, fail);
      return;
    case FieldType.Boolean:
      if (present(field.criticalWhen) && typeof field.criticalWhen !== 'boolean') fail(`${path}.criticalWhen`, 'criticalWhen must be a boolean');
      return;
    case FieldType.Stars:
      if (
        present(field.maxStars) &&
        !(Number.isInteger(field.maxStars) && (field.maxStars as number) >= 1 && (field.maxStars as number) <= FORM_LIMITS.maxStars)
      ) {
        fail(`${path}.maxStars`, `maxStars must be an integer from 1 to ${FORM_LIMITS.maxStars}`);
      }
      return;
    case FieldType.Date:
      for (const key of ['disableFuture', 'disablePast']) {
        if (present(field[key]) && typeof field[key] !== 'boolean') fail(`${path}.${key}`, `${key} must be a boolean`);
      }
      return;
    case FieldType.File:
      checkFiles(field, path, fail);
      return;
  }
}

function checkBounds(field: Loose, path: string, low: string, high: string, fail: Fail, valid: (v: unknown) => v is number, what: string): void {
  let ok = true;
  for (const key of [low, high]) {
    if (present(field[key]) && !valid(field[key])) {
      fail(`${path}.${key}`, `${key} must be ${what}`);
      ok = false;
    }
  }
  if (ok && present(field[low]) && present(field[high]) && (field[low] as number) > (field[high] as number)) {
    fail(`${path}.${low}`, `${low} (${field[low] as number}) must not exceed ${high} (${field[high] as number})`);
  }
}

function checkOptions(field: Loose, path: string, fail: Fail, optionIds: Set<string>): void {
  const options = field.options;
  if (!Array.isArray(options) || options.length === 0 || options.length > FORM_LIMITS.options) {
    return fail(`${path}.options`, `options must be a list of 1 to ${FORM_LIMITS.options} options`);
  }
  options.forEach((raw, index) => {
    const optionPath = `${path}.options.${index}`;
    const option = (typeof raw === 'object' && raw !== null ? raw : {}) as Loose;
    if (typeof option.optionId !== 'string' || !UUID.test(option.optionId)) fail(`${optionPath}.optionId`, 'optionId must be a uuid');
    else if (optionIds.has(option.optionId.toLowerCase())) fail(`${optionPath}.optionId`, `optionId ${option.optionId} is used by another option`);
    else optionIds.add(option.optionId.toLowerCase());
    if (!isText(option.label, 500)) fail(`${optionPath}.label`, 'label must be a non-empty text of at most 500 characters');
    if (present(option.critical) && typeof option.critical !== 'boolean') fail(`${optionPath}.critical`, 'critical must be a boolean');
  });
}

function checkCheckedBounds(field: Loose, path: string, fail: Fail): void {
  const count = Array.isArray(field.options) ? field.options.length : 0;
  checkBounds(field, path, 'minChecked', 'maxChecked', fail, isNonNegativeInt, 'a non-negative integer');
  for (const key of ['minChecked', 'maxChecked']) {
    if (isNonNegativeInt(field[key]) && field[key] > count) {
      fail(`${path}.${key}`, `${key} (${field[key]}) must not exceed the number of options (${count})`);
    }
  }
  if (field.maxChecked === 0) fail(`${path}.maxChecked`, 'maxChecked must be at least 1');
}

function checkFiles(field: Loose, path: string, fail: Fail): void {
  if (present(field.maxFiles) && !(Number.isInteger(field.maxFiles) && (field.maxFiles as number) >= 1 && (field.maxFiles as number) <= FORM_LIMITS.maxFiles)) {
    fail(`${path}.maxFiles`, `maxFiles must be an integer from 1 to ${FORM_LIMITS.maxFiles}`);
  }
  const extensions = field.allowedExtensions;
  if (!present(extensions)) return;
  if (!Array.isArray(extensions) || extensions.length === 0 || extensions.some((e) => typeof e !== 'string' || !EXTENSION.test(e))) {
    return fail(`${path}.allowedExtensions`, 'allowedExtensions must be a non-empty list of lower-case extensions without the dot, such as "jpg"');
  }
  if (new Set(extensions).size !== extensions.length) fail(`${path}.allowedExtensions`, 'allowedExtensions must not repeat an extension');
}
