import { Injectable, OnModuleInit } from '@nestjs/common';
import { Types } from 'mongoose';
import { AuthContext, PrincipalLoader } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { AssetDirectory } from '@app/fleet';
import { GiveUp, Jobs } from '@app/jobs';
import { Inspection } from '../schemas/inspection.schema';
import { InspectionEvents } from './inspection-events';

export const INSPECTION_EVENTS_JOB = 'inspections.events';
/** Longer than any submission takes from this job's write to its inspection's. */
export const INSPECTION_EVENTS_AFTER_MS = 60_000;

interface InspectionEventsPayload {
  clientId: string;
  inspectionId: string;
  inspectorId: string;
}

/**
 * The durable side of a submission's fleet events (`inspection.critical`, `inspection.away_from_vehicle`):
 * a job keyed by the inspection's id, stored before the inspection (`expect`) and due a minute
 * later. The submission tells the events itself before it answers; the job then tells again from
 * what is stored only what is not yet told (`FleetEvents.recordUntold`: a read, and no write when
 * the request told them; an event's id is its inspection's) — the events when the process died
 * between the inspection's write and their telling. No inspection stored (the request failed or died before):
 * nothing to tell. Told as the inspector (their trackers say where the vehicle was); an inspector
 * disabled within that minute leaves the job failed, with the reason.
 */
@Injectable()
export class InspectionEventsJob implements OnModuleInit {
  constructor(
    private readonly jobs: Jobs,
    @InjectRepository(Inspection) private readonly inspections: TenantRepository<Inspection>,
    private readonly assets: AssetDirectory,
    private readonly principals: PrincipalLoader,
    private readonly events: InspectionEvents,
  ) {}

  onModuleInit(): void {
    this.jobs.handle<InspectionEventsPayload>(INSPECTION_EVENTS_JOB, ({ payload }) => this.tellAgain(payload));
  }

  /** Before the inspection is written: its events will be told from what is stored, whatever happens to this request. */
  async expect(auth: AuthContext, inspectionId: Types.ObjectId): Promise<void> {
    const payload = { clientId: auth.clientId.toHexString(), inspectionId: inspectionId.toHexString(), inspectorId: auth.userId.toHexString() };
    await this.jobs.enqueue(INSPECTION_EVENTS_JOB, payload, {
      key: payload.inspectionId,
      runAt: new Date(Date.now() + INSPECTION_EVENTS_AFTER_MS),
      retryDelaysMs: [10_000, 60_000, 600_000, 3_600_000],
    });
  }

  private async tellAgain({ clientId, inspectionId, inspectorId }: InspectionEventsPayload): Promise<void> {
    const principal = await this.principals.load(new Types.ObjectId(inspectorId), { kind: 'api_token', id: new Types.ObjectId(inspectionId) });
    if (!principal || !principal.clientId.equals(clientId))
      throw new GiveUp(`the inspector of inspection ${inspectionId} is disabled or gone: its events are not told again`);
    const auth: AuthContext = {
      ...principal,
      via: 'bearer',
      request: { requestId: `inspection-events-${inspectionId}`, ip: '127.0.0.1', userAgent: 'inspection-events' },
    };
    const inspection = await this.inspections.findById(auth, inspectionId);
    if (!inspection) return;
    const asset = await this.assets.findAssetInService(auth, inspection.assetId.toHexString());
    if (asset) await this.events.submitted(auth, asset, inspection, { again: true });
  }
}
