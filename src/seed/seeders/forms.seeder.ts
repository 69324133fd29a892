import { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { DemoClientContext } from '../demo-manifest';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import { InjectUnscopedModel } from '@app/database';
import { FieldType, DynamicForm, FormField } from '../../forms';

const option = (label: string, critical = false) => ({ optionId: randomUUID(), label, critical });

/** A pre-trip check of a refrigerated truck, using most field types. */
export function preTripFields(): FormField[] {
  return [
    { fieldId: 'driverName', type: FieldType.Text, label: 'Nombre del conductor', required: true, minLength: 3, maxLength: 100 },
    { fieldId: 'odometer', type: FieldType.Number, label: 'Odómetro (km)', required: true, min: 0, max: 2_000_000 },
    {
      fieldId: 'tires',
      type: FieldType.Select,
      label: 'Estado de neumáticos',
      required: true,
      options: [option('Bueno'), option('Desgastado'), option('Dañado', true)],
    },
    {
      fieldId: 'lights',
      type: FieldType.Checkbox,
      label: 'Luces operativas',
      required: false,
      minChecked: 1,
      maxChecked: 3,
      options: [option('Delanteras'), option('Traseras'), option('Intermitentes')],
    },
    { fieldId: 'reeferAlarm', type: FieldType.Boolean, label: '¿Alarma del equipo de frío activa?', required: true, criticalWhen: true },
    { fieldId: 'cleanliness', type: FieldType.Stars, label: 'Limpieza de la caja', required: false, maxStars: 5 },
    { fieldId: 'inspectedOn', type: FieldType.Date, label: 'Fecha de inspección', required: true, disableFuture: true },
    { fieldId: 'photos', type: FieldType.File, label: 'Fotos', required: false, maxFiles: 5, allowedExtensions: ['jpg', 'jpeg', 'png'] },
    { fieldId: 'notes', type: FieldType.Textarea, label: 'Observaciones', required: false, helperText: 'Daños, ruidos, fugas', maxLength: 2000 },
  ];
}

/** Forms of each demo client: active (for `assets.tracked`), inactive and archived (`forms`). */
@DemoSeederProvider({ order: 30 })
export class FormsDemoSeeder implements DemoSeeder {
  constructor(@InjectUnscopedModel(DynamicForm) private readonly forms: Model<DynamicForm>) {}

  async seed(client: DemoClientContext): Promise<void> {
    const { clientId } = client;
    const tracked = client.assets.tracked._id;
    const [active, , inactive, archived] = await this.forms.create([
      {
        clientId,
        name: 'Inspección pre-operacional',
        description: 'Antes de cada salida del camión refrigerado',
        status: 'active',
        fields: preTripFields(),
        assetIds: [tracked],
        assetGroupIds: [client.assetGroupIds.refrigerated],
      },
      {
        clientId,
        name: 'Reporte de daños',
        description: 'Cualquier vehículo',
        status: 'active',
        allAssets: true,
        fields: [
          { fieldId: 'damage', type: FieldType.Textarea, label: 'Descripción del daño', required: true, maxLength: 2000 },
          { fieldId: 'photos', type: FieldType.File, label: 'Fotos', required: true, maxFiles: 5, allowedExtensions: ['jpg', 'png'] },
        ],
      },
      {
        clientId,
        name: 'Checklist de invierno',
        description: 'Se activa en mayo',
        status: 'inactive',
        assetIds: [tracked],
        fields: [{ fieldId: 'chains', type: FieldType.Boolean, label: '¿Lleva cadenas?', required: true, criticalWhen: false }],
      },
      {
        clientId,
        name: 'Checklist antiguo',
        description: 'Reemplazado por la inspección pre-operacional',
        status: 'archived',
        allAssets: true,
        fields: [{ fieldId: 'ok', type: FieldType.Boolean, label: '¿Todo en orden?', required: true }],
      },
    ]);
    client.manifest.forms = { active: active._id.toHexString(), inactive: inactive._id.toHexString(), archived: archived._id.toHexString() };
  }
}
