import { ApiProperty } from '@nestjs/swagger';
import type { Stored } from '@app/database';
import { FormFieldView, toFieldView, type FieldType, type FormField } from '../../forms';
import type { Inspection } from '../schemas/inspection.schema';

export class InspectionAnswerView {
  fieldId: string;
  type: FieldType;
  label: string;
  /** Text, number, boolean, an optionId, or a list of optionIds or file references. */
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }] })
  value: string | number | boolean | string[];
  critical: boolean;
}

export class InspectionLocationView {
  lat: number;
  lng: number;
}

export class InspectionView {
  id: string;
  clientId: string;
  assetId: string;
  /** The QR scanned, or null when the asset was named by id. */
  qrCodeId: string | null;
  formId: string;
  /** The form's version the answers were given against. */
  formVersion: number;
  formName: string;
  answers: InspectionAnswerView[];
  /** A critical option was chosen, or a yes/no answered as its `criticalWhen`. */
  critical: boolean;
  criticalFieldIds: string[];
  inspectorId: string;
  submittedAt: Date;
  odometerKm: number | null;
  location: InspectionLocationView | null;
  /** The work order the critical finding opened, or null. */
  workOrderId: string | null;
  /** The form's fields as they were in `formVersion` (`GET /api/inspections/{id}` only). */
  fields?: FormFieldView[];
}

export function toInspectionView(inspection: Stored<Inspection>, fields?: FormField[] | null): InspectionView {
  return {
    id: inspection._id.toHexString(),
    clientId: inspection.clientId.toHexString(),
    assetId: inspection.assetId.toHexString(),
    qrCodeId: inspection.qrCodeId?.toHexString() ?? null,
    formId: inspection.formId.toHexString(),
    formVersion: inspection.formVersion,
    formName: inspection.formName,
    answers: inspection.answers.map(({ fieldId, type, label, value, critical }) => ({ fieldId, type, label, value, critical })),
    critical: inspection.critical,
    criticalFieldIds: inspection.criticalFieldIds,
    inspectorId: inspection.inspectorId.toHexString(),
    submittedAt: inspection.submittedAt,
    odometerKm: inspection.odometerKm ?? null,
    location: inspection.location ? { lat: inspection.location.lat, lng: inspection.location.lng } : null,
    workOrderId: inspection.workOrderId?.toHexString() ?? null,
    ...(fields !== undefined && { fields: (fields ?? []).map(toFieldView) }),
  };
}
