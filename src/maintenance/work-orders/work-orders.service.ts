import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { AssetDirectory } from '@app/fleet';
import { badRequest, FieldError, notFound, validationFailed } from '@app/errors';
import { clientToday } from '@app/formats';
import { FormsService } from '../../forms';
import { WorkOrderCategoriesService } from '../categories/work-order-categories.service';
import { AddWorkOrderFormDto } from '../dto/add-work-order-form.dto';
import { CreateWorkOrderDto } from '../dto/create-work-order.dto';
import { WorkOrder } from '../schemas/work-order.schema';
import { UploadReferencesService } from '../../uploads';
import { buildFormEntry } from './work-order-form-entry';
import { formVersionKey, toWorkOrderView, WorkOrderView } from './work-order.view';

/** Keeps a work order document bounded (answers are embedded). */
export const MAX_FORMS_PER_WORK_ORDER = 50;

@Injectable()
export class WorkOrdersService {
  constructor(
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    private readonly assets: AssetDirectory,
    private readonly categories: WorkOrderCategoriesService,
    private readonly forms: FormsService,
    private readonly activity: ActivityRecorder,
    private readonly uploads: UploadReferencesService,
  ) {}

  /** Unknown, foreign or out-of-scope assets and unknown categories are 400: they are fields of the body. */
  async create(auth: AuthContext, body: CreateWorkOrderDto): Promise<WorkOrderView> {
    const [asset, category] = await Promise.all([this.assets.findAssetInService(auth, body.assetId), this.categories.resolve(auth, body.category)]);
    const errors: FieldError[] = [];
    if (!asset) errors.push({ path: 'assetId', message: `No asset ${body.assetId} among your assets` });
    if (!category)
      errors.push({ path: 'category', message: `"${body.category}" is not a work order category (see GET /api/maintenance/work-orders/categories)` });
    if (errors.length > 0) throw validationFailed(errors);

    const order = await this.orders.create(auth, {
      assetId: asset!._id,
      category: category!,
      title: body.title,
      description: body.description ?? '',
      priority: body.priority ?? 'medium',
      status: 'open',
      dueDate: body.dueDate,
      createdBy: auth.userId,
    });
    const view = toWorkOrderView(order);
    await this.activity.record(auth, {
      action: 'work_order.create',
      resourceType: 'work_order',
      resourceId: order._id,
      summary: `Work order "${order.title}" (${order.category}) created for ${asset!.name}`,
      after: {
        assetId: view.assetId,
        category: view.category,
        title: view.title,
        description: view.description,
        priority: view.priority,
        status: view.status,
        dueDate: view.dueDate,
      },
    });
    return view;
  }

  /** Adds a filled-in active form of the client; its answers must satisfy the form's fields. */
  async addForm(auth: AuthContext, id: string, body: AddWorkOrderFormDto): Promise<WorkOrderView> {
    const order = await this.findVisible(auth, id);
    const form = await this.forms.findOwned(auth, body.formId);
    if (!form) throw validationFailed([{ path: 'formId', message: `No dynamic form ${body.formId} among your forms` }]);
    if (form.status !== 'active')
      throw validationFailed([{ path: 'formId', message: `The form "${form.name}" is ${form.status}: only active forms can be filled in` }]);
    if (order.forms.length >= MAX_FORMS_PER_WORK_ORDER) throw badRequest(`A work order holds at most ${MAX_FORMS_PER_WORK_ORDER} forms`);

    const built = buildFormEntry(form, body.answers, { userId: auth.userId, today: clientToday(auth.client.timeZone) });
    if ('errors' in built) throw validationFailed(built.errors);
    const { entry } = built;
    const uploadErrors = await this.uploads.check(auth, form.fields, body.answers);
    if (uploadErrors.length > 0) throw validationFailed(uploadErrors);
    // Before the form is stored, as for inspections: its photos are never left to the sweep.
    await this.uploads.markReferenced(auth, entry.answers);
    const update = { $push: { forms: entry }, ...(entry.critical ? { $set: { hasCriticalAnswers: true } } : {}) };
    const updated = await this.orders.updateRecord(auth, order, update);
    if (!updated) throw notFound('Work order');

    await this.activity.record(auth, {
      action: 'work_order.form_add',
      resourceType: 'work_order',
      resourceId: order._id,
      summary: `Form "${form.name}" added to work order "${order.title}"${entry.critical ? ' with critical answers' : ''}`,
      before: { formsCount: order.forms.length, hasCriticalAnswers: order.hasCriticalAnswers },
      after: { formsCount: updated.forms.length, hasCriticalAnswers: updated.hasCriticalAnswers },
      details: {
        entryId: entry._id.toHexString(),
        formId: form._id.toHexString(),
        formVersion: form.version,
        critical: entry.critical,
        criticalFieldIds: entry.criticalFieldIds,
      },
    });
    return toWorkOrderView(updated);
  }

  /** One order with, for each filled-in form, the fields of the version it was answered against. */
  async getDetail(auth: AuthContext, id: string): Promise<WorkOrderView> {
    const order = await this.findVisible(auth, id);
    const keys = new Map(order.forms.map((form) => [formVersionKey(form.formId, form.formVersion), form]));
    const versions = new Map(
      await Promise.all([...keys].map(async ([key, form]) => [key, await this.forms.fieldsOfVersion(auth, form.formId, form.formVersion)] as const)),
    );
    return toWorkOrderView(order, versions);
  }

  /** A work order of the client whose asset the caller may see (archived or not); anything else is 404. */
  findVisible(auth: AuthContext, id: string): Promise<Stored<WorkOrder>> {
    return this.orders.findByIdOrFail(auth, id, 'Work order');
  }
}
