import type { Stored } from '@app/database';
import type { FieldType, FormStatus } from './form-field-types';
import type { DynamicForm } from './schemas/dynamic-form.schema';
import type { FormField } from './schemas/form-field.schema';
import { recordTimes } from '@app/http';

export class FormFieldOptionView {
  /** A uuid. */
  optionId: string;
  label: string;
  /** Choosing it flags the answer set as critical. */
  critical: boolean;
}

/** A form field; only the properties of its type that the form sets are present. */
export class FormFieldView {
  fieldId: string;
  /** text, textarea, number, select, checkbox, boolean, stars, date, file. */
  type: FieldType;
  label: string;
  required: boolean;
  helperText?: string;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  options?: FormFieldOptionView[];
  minChecked?: number;
  maxChecked?: number;
  criticalWhen?: boolean;
  maxStars?: number;
  disableFuture?: boolean;
  disablePast?: boolean;
  maxFiles?: number;
  allowedExtensions?: string[];
}

/** A form as the code-based scan answers it (the spec's subset). */
export class ScannedFormView {
  _id: string;
  clientId: string;
  name: string;
  description: string;
  /** active, inactive or archived. */
  status: FormStatus;
  fields: FormFieldView[];
  assetIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** The full dynamic form (list and asset scan). */
export class DynamicFormView extends ScannedFormView {
  version: number;
  assetGroupIds: string[];
  allAssets: boolean;
}

export function toFieldView(field: FormField): FormFieldView {
  const view = Object.fromEntries(Object.entries(field).filter(([key, value]) => value !== undefined && value !== null && key !== '_id'));
  if (field.options) view.options = field.options.map(({ optionId, label, critical }) => ({ optionId, label, critical: critical === true }));
  return { ...view, required: field.required === true } as FormFieldView;
}

/**
 * Scans answer the same cached form records (ActiveFormsCache) many times a second, so each
 * record's views are built once and shared: views, like the records, are read-only.
 */
function builtOncePerRecord<V>(build: (form: Stored<DynamicForm>) => V): (form: Stored<DynamicForm>) => V {
  const views = new WeakMap<Stored<DynamicForm>, V>();
  return (form) => {
    let view = views.get(form);
    if (view === undefined) views.set(form, (view = build(form)));
    return view;
  };
}

export const toScannedFormView = builtOncePerRecord((form): ScannedFormView => ({
  _id: form._id.toHexString(),
  clientId: form.clientId.toHexString(),
  name: form.name,
  description: form.description ?? '',
  status: form.status,
  fields: form.fields.map(toFieldView),
  assetIds: form.assetIds.map(String),
  ...recordTimes(form),
}));

export const toDynamicFormView = builtOncePerRecord((form): DynamicFormView => ({
  ...toScannedFormView(form),
  version: form.version,
  assetGroupIds: form.assetGroupIds.map(String),
  allAssets: form.allAssets === true,
}));
