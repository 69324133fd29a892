import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import type { AnswerSet } from '../../forms';
import { WorkOrder } from '../schemas/work-order.schema';

/** What a critical inspection found, as the inspections domain hands it over. */
export interface InspectionFinding {
  /** Allocated by the caller before anything is written: the order links to it. */
  inspectionId: Types.ObjectId;
  asset: { _id: Types.ObjectId; name: string };
  answerSet: AnswerSet;
}

/** A work order written for an inspection that is not stored yet: confirm it once it is, or withdraw it. */
export interface OpenedWorkOrder {
  id: Types.ObjectId;
  /** The inspection is stored: record the order's creation in the activity log. */
  confirm(): Promise<void>;
  /** The inspection could not be stored: remove the order, so nothing half-written stays. */
  withdraw(): Promise<void>;
}

export const INSPECTION_CATEGORY = 'inspection';

/**
 * Work orders opened by critical inspections: category `inspection`, priority high, linked to
 * the inspection (`inspection.inspectionId`; the inspection keeps `workOrderId`). Written before
 * the inspection (there are no transactions on the embedded database); the inspections domain
 * confirms or withdraws it (docs/inspections-forms-maintenance.md, "All or nothing").
 */
@Injectable()
export class InspectionWorkOrdersService {
  constructor(
    @InjectRepository(WorkOrder) private readonly orders: TenantRepository<WorkOrder>,
    private readonly activity: ActivityRecorder,
  ) {}

  async openForInspection(auth: AuthContext, finding: InspectionFinding): Promise<OpenedWorkOrder> {
    const { answerSet, asset } = finding;
    const critical = answerSet.answers.filter((answer) => answer.critical).map((answer) => `"${answer.label}"`);
    const order = await this.orders.create(auth, {
      _id: new Types.ObjectId(),
      assetId: asset._id,
      category: INSPECTION_CATEGORY,
      title: `Critical finding: ${answerSet.formName}`.slice(0, 200),
      description: `Inspection of ${asset.name} with critical answers: ${critical.join(', ')}`.slice(0, 5000),
      priority: 'high',
      status: 'open',
      inspection: {
        inspectionId: finding.inspectionId,
        formId: answerSet.formId,
        formVersion: answerSet.formVersion,
        formName: answerSet.formName,
        criticalFieldIds: answerSet.criticalFieldIds,
        submittedBy: answerSet.submittedBy,
        submittedAt: answerSet.submittedAt,
      },
      createdBy: auth.userId,
    });
    return {
      id: order._id,
      confirm: async () => {
        await this.activity.record(auth, {
          action: 'work_order.create',
          resourceType: 'work_order',
          resourceId: order._id,
          summary: `Work order "${order.title}" opened by a critical inspection of ${asset.name}`,
          after: { assetId: asset._id.toHexString(), category: order.category, title: order.title, priority: order.priority, status: order.status },
          details: { inspectionId: finding.inspectionId.toHexString(), criticalFieldIds: answerSet.criticalFieldIds },
        });
      },
      withdraw: async () => {
        await this.orders.deleteMany(auth, { _id: order._id, 'inspection.inspectionId': finding.inspectionId });
      },
    };
  }
}
