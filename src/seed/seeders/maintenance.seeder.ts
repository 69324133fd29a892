import { Model } from 'mongoose';
import { DateTime } from 'luxon';
import { ActivityRecorder } from '@app/activity';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { InjectUnscopedModel } from '@app/database';
import { clientToday } from '@app/formats';
import { FormsService } from '../../forms';
import { WorkOrderCategoriesService, WorkOrder, buildFormEntry } from '../../maintenance';

const DEMO_TIME_ZONE = 'America/Santiago';

/** Each demo client's own categories and a work order of `assets.tracked` with the active form filled in (`workOrder`). */
@DemoSeederProvider({ order: 50 })
export class MaintenanceDemoSeeder implements DemoSeeder {
  constructor(
    @InjectUnscopedModel(WorkOrder) private readonly orders: Model<WorkOrder>,
    private readonly categories: WorkOrderCategoriesService,
    private readonly forms: FormsService,
    private readonly activity: ActivityRecorder,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const admin = client.users.admin;
    await this.categories.extend(client.scope, ['technical_review', 'gps_tracker']);
    const formId = (client.manifest.forms as { active: string } | undefined)?.active;
    const form = formId ? await this.forms.findOwned(client.scope, formId) : null;
    if (!form) throw new Error('The maintenance demo needs the active demo form: the forms seeder runs first');

    const today = clientToday(DEMO_TIME_ZONE);
    const optionOf = (fieldId: string, index: number) => form.fields.find((f) => f.fieldId === fieldId)!.options![index].optionId;
    const built = buildFormEntry(
      form,
      [
        { fieldId: 'driverName', value: 'Juana Pérez' },
        { fieldId: 'odometer', value: 182_340 },
        { fieldId: 'tires', value: optionOf('tires', 1) },
        { fieldId: 'lights', value: [optionOf('lights', 0), optionOf('lights', 1)] },
        { fieldId: 'reeferAlarm', value: false },
        { fieldId: 'inspectedOn', value: today },
        { fieldId: 'notes', value: 'Neumático trasero izquierdo con desgaste irregular' },
      ],
      { userId: admin._id, today },
    );
    if ('errors' in built) throw new Error(`Demo answers refused: ${JSON.stringify(built.errors)}`);

    const order = await this.orders.create({
      clientId: client.clientId,
      assetId: client.assets.tracked._id,
      category: 'preventive',
      title: 'Mantención 180.000 km',
      description: 'Cambio de aceite y filtros; revisar neumáticos traseros',
      priority: 'high',
      status: 'open',
      dueDate: DateTime.fromISO(today).plus({ days: 7 }).toISODate()!,
      forms: [built.entry],
      hasCriticalAnswers: built.entry.critical,
      createdBy: admin._id,
    });
    await this.activity.recordFor(
      { clientId: client.clientId, userId: admin._id, name: admin.name, email: admin.email, credential: 'session' },
      { requestId: 'demo-seed', userAgent: 'demo seed' },
      {
        action: 'work_order.create',
        resourceType: 'work_order',
        resourceId: order._id,
        summary: `Work order "${order.title}" (preventive) created for ${client.assets.tracked.name}`,
      },
    );
    client.manifest.workOrder = order._id.toHexString();
  }
}
