import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, Stored, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode, validationFailed } from '@app/errors';
import { ActiveFormsCache } from '../active-forms.cache';
import { validateFormDefinition } from '../definition/form-definition.validator';
import { CreateDynamicFormDto } from '../dto/create-dynamic-form.dto';
import { UpdateDynamicFormDto } from '../dto/update-dynamic-form.dto';
import { DynamicFormView, toDynamicFormView } from '../dynamic-form.view';
import { DynamicForm } from '../schemas/dynamic-form.schema';
import { DynamicFormVersion } from '../schemas/dynamic-form-version.schema';
import type { FormField } from '../schemas/form-field.schema';
import { FormTargetsChecker } from './form-targets';
import { sameFields } from './same-fields';

/** What the activity log keeps of a form (fields are summarized by count and version). */
const summaryOf = (form: Stored<DynamicForm>) => ({
  name: form.name,
  description: form.description,
  status: form.status,
  version: form.version,
  fieldsCount: form.fields.length,
  assetIds: form.assetIds.map(String),
  assetGroupIds: form.assetGroupIds.map(String),
  allAssets: form.allAssets,
});

/**
 * Creating and editing forms. New fields make a new version: the fields they replace are kept in
 * `dynamic_form_versions` first, so answers given against an older version keep their questions.
 * Status: active ↔ inactive, either → archived, archived is final. Every change evicts the
 * client's active forms from this process's cache, so scans here see it at once.
 */
@Injectable()
export class FormEditorService {
  constructor(
    @InjectRepository(DynamicForm) private readonly forms: TenantRepository<DynamicForm>,
    @InjectRepository(DynamicFormVersion) private readonly versions: TenantRepository<DynamicFormVersion>,
    private readonly targets: FormTargetsChecker,
    private readonly activeForms: ActiveFormsCache,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, body: CreateDynamicFormDto): Promise<DynamicFormView> {
    const targets = await this.targets.check(auth, body);
    const data = {
      name: body.name,
      description: body.description ?? '',
      status: body.status ?? 'active',
      version: 1,
      fields: body.fields as unknown as FormField[],
      assetIds: targets.assetIds ?? [],
      assetGroupIds: targets.assetGroupIds ?? [],
      allAssets: targets.allAssets ?? false,
    };
    const errors = validateFormDefinition(data);
    if (errors.length) throw validationFailed(errors);
    const form = await this.forms.create(auth, data);
    this.activeForms.evict(auth);
    await this.activity.created(
      auth,
      { type: 'dynamic_form', id: form._id },
      `Form "${form.name}" created (${form.fields.length} fields, ${form.status})`,
      summaryOf(form),
    );
    return toDynamicFormView(form);
  }

  async update(auth: AuthContext, id: string, body: UpdateDynamicFormDto): Promise<DynamicFormView> {
    if (Object.keys(body).length === 0) {
      throw badRequest('Nothing to change: send at least one of name, description, status, fields, assetIds, assetGroupIds, allAssets');
    }
    const form = await this.forms.findByIdOrFail(auth, id, 'Dynamic form');
    if (form.status === 'archived') {
      throw new DomainException(ErrorCode.Conflict, `The form "${form.name}" is archived: an archived form cannot be changed`);
    }
    const targets = await this.targets.check(auth, body);
    const newFields = body.fields !== undefined && !sameFields(form.fields, body.fields);
    const changes: Partial<DynamicForm> = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.status !== undefined && { status: body.status }),
      ...(newFields && { fields: body.fields as unknown as FormField[], version: form.version + 1 }),
      ...targets,
    };
    const errors = validateFormDefinition({ ...form, ...changes });
    if (errors.length) throw validationFailed(errors);

    if (newFields) await this.keepVersion(auth, form);
    // Conditional on what was read: a concurrent edit (or archiving) makes this one a 409, never a lost update.
    const updated = await this.forms.updateRecord(auth, form, { $set: changes }, { version: form.version, status: form.status });
    if (!updated) throw new DomainException(ErrorCode.Conflict, `The form "${form.name}" was changed meanwhile: read it again and repeat the change`);
    this.activeForms.evict(auth);
    await this.activity.record(auth, {
      action: body.status === 'archived' ? 'dynamic_form.archive' : 'dynamic_form.update',
      resourceType: 'dynamic_form',
      resourceId: form._id,
      summary: `Form "${updated.name}" ${describe(form, updated)}`,
      before: summaryOf(form),
      after: summaryOf(updated),
    });
    return toDynamicFormView(updated);
  }

  /** Keeps the current fields under the current version (already kept: nothing to do). */
  private async keepVersion(auth: AuthContext, form: Stored<DynamicForm>): Promise<void> {
    try {
      await this.versions.create(auth, { formId: form._id, version: form.version, fields: form.fields, supersededAt: new Date() });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}

function describe(before: Stored<DynamicForm>, after: Stored<DynamicForm>): string {
  const parts: string[] = [];
  if (after.version !== before.version) parts.push(`now at version ${after.version}`);
  if (after.status !== before.status) parts.push(`${before.status} → ${after.status}`);
  return parts.length ? `changed: ${parts.join(', ')}` : 'changed';
}
