import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository, type TenantScope } from '@app/database';
import type { Asset } from '@app/fleet';
import { ActiveFormsCache } from './active-forms.cache';
import { DynamicFormView, toDynamicFormView } from './dynamic-form.view';
import type { FormStatus } from './form-field-types';
import { DynamicForm } from './schemas/dynamic-form.schema';

export type StoredForm = Stored<DynamicForm>;

/** Reading a client's dynamic forms: the list, the forms of an asset, one active form. */
@Injectable()
export class FormsService {
  constructor(
    @InjectRepository(DynamicForm) private readonly forms: TenantRepository<DynamicForm>,
    private readonly activeForms: ActiveFormsCache,
  ) {}

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
    const groups = new Set((asset.groupIds ?? []).map(String));
    const forms = await this.activeForms.get(scope);
    return forms.filter(
      (form) => form.allAssets || form.assetIds.some((id) => asset._id.equals(id)) || form.assetGroupIds.some((id) => groups.has(String(id))),
    );
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
