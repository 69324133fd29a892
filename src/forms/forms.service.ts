import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { Stored, TenantRepository } from '@app/database';
import type { Asset } from '@app/fleet';
import { ActiveFormsCache } from './active-forms.cache';
import { DynamicFormView, toDynamicFormView } from './dynamic-form.view';
import type { FormStatus } from './form-field-types';
import { DynamicForm } from './schemas/dynamic-form.schema';

export type StoredForm = Stored<DynamicForm>;

/** Reading a client's dynamic forms: the list, the forms of an asset, one active form. */
@Injectable()
export class FormsService {
  private readonly repository: TenantRepository<DynamicForm>;

  constructor(
    @InjectModel(DynamicForm.name) private readonly forms: Model<DynamicForm>,
    private readonly activeForms: ActiveFormsCache,
  ) {
    this.repository = new TenantRepository(forms);
  }

  /** The client's forms of one status; without a status, all but the archived ones. */
  async list(auth: AuthContext, status?: FormStatus): Promise<DynamicFormView[]> {
    const forms = await this.forms
      .find({ clientId: auth.clientId, status: status ?? { $in: ['active', 'inactive'] } })
      .sort({ name: 1, _id: 1 })
      .lean<StoredForm[]>()
      .exec();
    return forms.map(toDynamicFormView);
  }

  /**
   * The active forms that apply to an asset: by its id, by one of its groups, or to all assets;
   * by name. Read through the short-lived cache of the client's active forms.
   */
  async findApplicable(clientId: Types.ObjectId, asset: Stored<Pick<Asset, 'groupIds'>>): Promise<StoredForm[]> {
    const groups = new Set((asset.groupIds ?? []).map(String));
    const forms = await this.activeForms.get(clientId);
    return forms.filter(
      (form) => form.allAssets || form.assetIds.some((id) => asset._id.equals(id)) || form.assetGroupIds.some((id) => groups.has(String(id))),
    );
  }

  /** A form of the client in any status, or null (unknown, malformed and foreign alike). */
  findOwned(clientId: Types.ObjectId, formId: unknown): Promise<StoredForm | null> {
    return this.repository.findOwnedById(clientId, formId);
  }
}
