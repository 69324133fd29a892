import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository, type TenantScope } from '@app/database';
import { type Asset, type AssetTargets, targetsApplyTo } from '@app/fleet';
import { ActiveFormsCache } from './active-forms.cache';
import { DynamicFormView, toDynamicFormView } from './dynamic-form.view';
import type { FormStatus } from './form-field-types';
import { DynamicForm } from './schemas/dynamic-form.schema';
import { DynamicFormVersion } from './schemas/dynamic-form-version.schema';
import type { FormField } from './schemas/form-field.schema';

export type StoredForm = Stored<DynamicForm>;

/** Reading a client's dynamic forms: the list, the forms of an asset, one active form. */
@Injectable()
export class FormsService {
  constructor(
    @InjectRepository(DynamicForm) private readonly forms: TenantRepository<DynamicForm>,
    @InjectRepository(DynamicFormVersion) private readonly versions: TenantRepository<DynamicFormVersion>,
    private readonly activeForms: ActiveFormsCache,
  ) {}

  /** One form of the client (404 `Dynamic form not found` otherwise). */
  async get(auth: AuthContext, id: string): Promise<DynamicFormView> {
    return toDynamicFormView(await this.forms.findByIdOrFail(auth, id, 'Dynamic form'));
  }

  /**
   * The fields of one version of a form: the current ones, or those kept when an edit replaced
   * them (`dynamic_form_versions`, a lookup on its unique key). `null` when neither holds it.
   */
  async fieldsOfVersion(scope: TenantScope, formId: Types.ObjectId, version: number): Promise<FormField[] | null> {
    const form = await this.forms.findById(scope, formId.toHexString());
    if (form && form.version === version) return form.fields;
    const kept = await this.versions.findOne(scope, { formId, version });
    return kept?.fields ?? null;
  }

  /** The client's forms of one status; without a status, all but the archived ones. */
  async list(auth: AuthContext, status?: FormStatus): Promise<DynamicFormView[]> {
    const forms = await this.forms.find(auth, { status: status ?? { $in: ['active', 'inactive'] } }, { sort: { name: 1, _id: 1 } });
    return forms.map(toDynamicFormView);
  }

  /**
   * The active forms that apply to an asset: by its id, by one of its groups, or to all assets;
   * by name. Read through the short-lived cache of the client's active forms.
   */
  async findApplicable(scope: TenantScope, asset: Stored<Pick<Asset, 'groupIds'>>): Promise<StoredForm[]> {
    const forms = await this.activeForms.get(scope);
    return forms.filter((form) => targetsApplyTo(targetsOfForm(form), asset));
  }

  /**
   * The forms, active or inactive, that apply to this asset group: how many, and the names of the
   * first few by name (an asset group in use cannot be deleted). Archived forms do not count.
   */
  async findUsingGroup(scope: TenantScope, groupId: Types.ObjectId, names = 5): Promise<{ count: number; names: string[] }> {
    const filter = { assetGroupIds: groupId, status: { $in: ['active', 'inactive'] } };
    const [count, first] = await Promise.all([
      this.forms.count(scope, filter),
      this.forms.find(scope, filter, { projection: { name: 1 }, sort: { name: 1, _id: 1 }, limit: names }),
    ]);
    return { count, names: first.map((form) => form.name) };
  }

  /** A form of the client in any status, or null (unknown, malformed and foreign alike). */
  findOwned(scope: TenantScope, formId: unknown): Promise<StoredForm | null> {
    return this.forms.findById(scope, formId);
  }
}

/** A form's targets as targeting names them (a form calls its groups `assetGroupIds`). */
function targetsOfForm(form: StoredForm): AssetTargets {
  return { allAssets: form.allAssets, assetIds: form.assetIds, groupIds: form.assetGroupIds };
}
