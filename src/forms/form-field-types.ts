/**
 * Field types of dynamic forms. The spec names `text`; the rest is what a fleet inspection or
 * maintenance checklist needs (docs/inspections-forms-maintenance.md lists them with their rules).
 */
export enum FieldType {
  /** One line: plate seen, name of the person receiving the truck. */
  Text = 'text',
  /** Several lines: observations, description of a damage. */
  Textarea = 'textarea',
  /** Odometer, fuel level, tyre pressure, temperature. */
  Number = 'number',
  /** One option (single choice). */
  Select = 'select',
  /** Several options (multiple choice), bounded by minChecked/maxChecked. */
  Checkbox = 'checkbox',
  /** Yes/no; `criticalWhen` names the answer that flags the form (e.g. "brake fluid leak? yes"). */
  Boolean = 'boolean',
  /** A rating from 1 to maxStars. */
  Stars = 'stars',
  /** A calendar day `YYYY-MM-DD`, optionally not in the future or not in the past. */
  Date = 'date',
  /** References of uploaded files (photos of the damage, a signed delivery note). */
  File = 'file',
}

export const FIELD_TYPES: readonly FieldType[] = Object.values(FieldType);

/** The field properties each type accepts beyond fieldId, type, label, required, helperText. */
export const TYPE_PROPERTIES: Record<FieldType, readonly string[]> = {
  [FieldType.Text]: ['minLength', 'maxLength'],
  [FieldType.Textarea]: ['minLength', 'maxLength'],
  [FieldType.Number]: ['min', 'max'],
  [FieldType.Select]: ['options'],
  [FieldType.Checkbox]: ['options', 'minChecked', 'maxChecked'],
  [FieldType.Boolean]: ['criticalWhen'],
  [FieldType.Stars]: ['maxStars'],
  [FieldType.Date]: ['disableFuture', 'disablePast'],
  [FieldType.File]: ['maxFiles', 'allowedExtensions'],
};

export const COMMON_FIELD_PROPERTIES = ['fieldId', 'type', 'label', 'required', 'helperText'] as const;

/** Limits that hold whatever a form says, so no answer set grows without bound. */
export const FORM_LIMITS = {
  fields: 200,
  options: 100,
  textLength: 1_000,
  textareaLength: 10_000,
  maxStars: 10,
  defaultStars: 5,
  maxFiles: 20,
  defaultMaxFiles: 10,
  fileReferenceLength: 2_048,
} as const;

export type FormStatus = 'active' | 'inactive' | 'archived';
export const FORM_STATUSES: readonly FormStatus[] = ['active', 'inactive', 'archived'];
