import { randomUUID } from 'node:crypto';
import { PrincipalLoader } from '@app/auth';
import { FieldType, FormEditorService } from '../../forms';
import { InspectionSubmissionService } from '../../inspections';
import { WorkOrderLifecycleService, WorkOrdersService } from '../../maintenance';
import { UploadsService } from '../../uploads';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { demoAdminContext } from './demo-admin-context';

// The smallest JPEG header the upload's type detection accepts: the demo photo of the finding.
const DEMO_PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 0x20), Buffer.from([0xff, 0xd9])]);

const option = (label: string, critical = false) => ({ optionId: randomUUID(), label, critical });

/**
 * The inspection loop as a user would walk it, through the domains' services with the demo
 * admin's credentials: a brake check created and then edited once (version 2, `forms.versioned`),
 * a photo uploaded (`uploads.photo`), a critical inspection of `assets.tracked` with it
 * (`inspections.critical`) and the work order it opened moved to `in_progress`
 * (`workOrders.inProgress`).
 */
@DemoSeederProvider({ order: 60 })
export class InspectionLoopDemoSeeder implements DemoSeeder {
  constructor(
    private readonly principals: PrincipalLoader,
    private readonly formEditor: FormEditorService,
    private readonly uploads: UploadsService,
    private readonly submissions: InspectionSubmissionService,
    private readonly workOrders: WorkOrdersService,
    private readonly lifecycle: WorkOrderLifecycleService,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const auth = await demoAdminContext(this.principals, client);
    const pads = option('Pastillas bajo el mínimo', true);
    const firstFields = [
      { fieldId: 'brakePads', type: FieldType.Select, label: 'Pastillas de freno', required: true, options: [option('Bien'), pads] },
      { fieldId: 'airLeak', type: FieldType.Boolean, label: '¿Fuga de aire?', required: true, criticalWhen: true },
    ];
    const form = await this.formEditor.create(auth, {
      name: 'Revisión de frenos',
      description: 'Semanal, camiones con frenos de aire',
      fields: firstFields,
      assetIds: [client.assets.tracked._id.toHexString()],
    });
    // The one edit: a photo field added, so inspections from now on answer version 2.
    await this.formEditor.update(auth, form._id, {
      fields: [
        ...firstFields,
        {
          fieldId: 'photos',
          type: FieldType.File,
          label: 'Fotos del hallazgo',
          required: false,
          maxFiles: 3,
          allowedExtensions: ['jpg', 'jpeg', 'png', 'heic'],
        },
      ],
    });

    const photo = await this.uploads.store(auth, { originalname: 'pastillas-freno.jpg', size: DEMO_PHOTO.length, buffer: DEMO_PHOTO });
    const inspection = await this.submissions.submit(auth, {
      assetId: client.assets.tracked._id.toHexString(),
      formId: form._id,
      answers: [
        { fieldId: 'brakePads', value: pads.optionId },
        { fieldId: 'airLeak', value: false },
        { fieldId: 'photos', value: [photo.id] },
      ],
      odometerKm: 182_900,
    });
    const order = await this.workOrders.findVisible(auth, inspection.workOrderId!);
    await this.lifecycle.transition(auth, order, { to: 'in_progress', note: 'Camión en taller: cambio de pastillas' });

    const manifest = client.manifest;
    manifest.forms = { ...(manifest.forms as object), versioned: form._id };
    manifest.uploads = { photo: photo.id };
    manifest.inspections = { critical: inspection.id };
    manifest.workOrders = { inProgress: inspection.workOrderId };
  }
}
