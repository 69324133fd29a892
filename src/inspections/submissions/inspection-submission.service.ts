import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, Stored, TenantRepository } from '@app/database';
import { validationFailed } from '@app/errors';
import { AssetDirectory, StoredAsset } from '@app/fleet';
import { clientToday, normalizeCrockfordCode } from '@app/formats';
import { idempotencyKeyOf } from '@app/http';
import { buildAnswerSet, FormsService } from '../../forms';
import { InspectionWorkOrdersService, OpenedWorkOrder } from '../../maintenance';
import { MetersService } from '../../meters';
import { UploadReferencesService } from '../../uploads';
import { SubmitInspectionDto } from '../dto/submit-inspection.dto';
import { qrCodeNotFound, qrCodeReplaced } from '../inspection-errors';
import { QrCodesService } from '../qr-codes/qr-codes.service';
import { Inspection } from '../schemas/inspection.schema';
import { InspectionEvents } from './inspection-events';
import { InspectionEventsJob } from './inspection-events-job';
import { InspectionView, toInspectionView } from './inspection.view';
import { KeyedSubmissions, submissionFingerprint, submissionKeyOf } from './keyed-submissions';

/**
 * Submitting an inspection: the asset (by QR code or id, with the scan's rules), a form that
 * applies to it and is active, answers checked by the forms' validator. A critical inspection
 * opens a work order in the same request, all or nothing: the order is written first (linked to
 * the pre-allocated inspection id), then the inspection; if the inspection cannot be written the
 * order is withdrawn before the error is answered (docs/inspections-forms-maintenance.md).
 */
@Injectable()
export class InspectionSubmissionService {
  constructor(
    @InjectRepository(Inspection) private readonly inspections: TenantRepository<Inspection>,
    private readonly qrCodes: QrCodesService,
    private readonly assets: AssetDirectory,
    private readonly forms: FormsService,
    private readonly workOrders: InspectionWorkOrdersService,
    private readonly activity: ActivityRecorder,
    private readonly uploads: UploadReferencesService,
    private readonly events: InspectionEvents,
    private readonly eventsJob: InspectionEventsJob,
    private readonly keyed: KeyedSubmissions,
    private readonly meters: MetersService,
  ) {}

  /**
   * With an `Idempotency-Key`, a retry of the same submission is answered the inspection its first
   * attempt stored, and its events told again (what the first attempt did not tell is told now).
   */
  async submit(auth: AuthContext, body: SubmitInspectionDto, idempotencyKey?: string): Promise<InspectionView> {
    const key = idempotencyKeyOf(idempotencyKey);
    const fingerprint = key === undefined ? undefined : submissionFingerprint(body);
    const earlier = key === undefined ? null : await this.keyed.earlier(auth, key, fingerprint!);
    if (earlier) return this.answerAgain(auth, earlier);
    const { asset, qrCodeId } = await this.resolveAsset(auth, body);
    const form = (await this.forms.findApplicable(auth, asset)).find((candidate) => candidate._id.equals(body.formId));
    if (!form) throw validationFailed([{ path: 'formId', message: `No active form ${body.formId} applies to ${asset.name}` }]);
    const built = buildAnswerSet(form, body.answers, { userId: auth.userId, today: clientToday(auth.client.timeZone) });
    if ('errors' in built) throw validationFailed(built.errors);
    const { answerSet } = built;
    const uploadErrors = await this.uploads.check(auth, form.fields, body.answers);
    if (uploadErrors.length > 0) throw validationFailed(uploadErrors);
    // Before the answer is stored: a failure after it must not leave its photos to the sweep of
    // unreferenced uploads (a failure before it only keeps them longer).
    await this.uploads.markReferenced(auth, answerSet.answers);

    const inspectionId = new Types.ObjectId();
    // Its events may be lost to a crash after the inspection's write: stored as a job before it.
    if (answerSet.critical || body.location) await this.eventsJob.expect(auth, inspectionId);
    const opened = answerSet.critical ? await this.workOrders.openForInspection(auth, { inspectionId, asset, answerSet }) : undefined;
    const stored = await this.store(auth, opened, {
      _id: inspectionId,
      assetId: asset._id,
      qrCodeId,
      formId: answerSet.formId,
      formVersion: answerSet.formVersion,
      formName: answerSet.formName,
      answers: answerSet.answers,
      critical: answerSet.critical,
      criticalFieldIds: answerSet.criticalFieldIds,
      inspectorId: auth.userId,
      submittedAt: answerSet.submittedAt,
      odometerKm: body.odometerKm,
      location: body.location && { lat: body.location.lat, lng: body.location.lng },
      workOrderId: opened?.id,
      ...(key !== undefined && { submissionKey: submissionKeyOf(auth, key), requestFingerprint: fingerprint }),
    });
    // Another attempt with the key stored its inspection first (both ran at once): answered that one.
    if (stored === 'keyed elsewhere') return this.answerAgain(auth, (await this.keyed.earlier(auth, key!, fingerprint!))!);
    const inspection = stored;
    await opened?.confirm();
    await this.events.submitted(auth, asset, inspection);
    await this.recordOdometer(
      auth,
      asset,
      inspection._id,
      answerSet.submittedAt,
      body.odometerKm ?? answerSet.answers.find((answer) => answer.fieldId === 'odometer')?.value,
    );
    await this.activity.record(auth, {
      action: 'inspection.submit',
      resourceType: 'inspection',
      resourceId: inspectionId,
      summary: `Inspection "${form.name}" of ${asset.name} submitted${opened ? ': critical, work order opened' : ''}`,
      after: { assetId: asset._id.toHexString(), formId: form._id.toHexString(), formVersion: form.version, critical: answerSet.critical },
      details: { criticalFieldIds: answerSet.criticalFieldIds, workOrderId: opened?.id.toHexString() },
    });
    return toInspectionView(inspection);
  }

  /**
   * The inspection's odometer (the body's `odometerKm`, else a numeric answer to the `odometer`
   * field) becomes a meter reading of the asset. Lower than the asset's meter it is kept as a
   * reading but does not lower the meter (only an explicit correction does).
   */
  private async recordOdometer(auth: AuthContext, asset: StoredAsset, inspectionId: Types.ObjectId, at: Date, value: unknown): Promise<void> {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return;
    await this.meters.record(auth, asset._id, { odometerKm: value, readAt: at, source: 'inspection', inspectionId, whenLower: 'keep' });
  }

  /**
   * Writes the inspection; if that fails, the work order written for it is withdrawn first. A
   * keyed inspection refused by the key's unique index means another attempt stored it.
   */
  private async store(
    auth: AuthContext,
    opened: OpenedWorkOrder | undefined,
    data: Parameters<TenantRepository<Inspection>['create']>[1],
  ): Promise<Stored<Inspection> | 'keyed elsewhere'> {
    try {
      return await this.inspections.create(auth, data);
    } catch (error) {
      await opened?.withdraw();
      if (data.submissionKey !== undefined && isDuplicateKeyError(error)) return 'keyed elsewhere';
      throw error;
    }
  }

  /** A keyed retry's answer: the stored inspection, its events told (again: nothing new if they were). */
  private async answerAgain(auth: AuthContext, inspection: Stored<Inspection>): Promise<InspectionView> {
    const asset = await this.assets.findAssetInService(auth, inspection.assetId.toHexString());
    if (asset) await this.events.submitted(auth, asset, inspection, { again: true });
    return toInspectionView(inspection);
  }

  /** The scan's rules: unknown, foreign and out-of-scope codes read alike (404) before a revoked one (410). */
  private async resolveAsset(auth: AuthContext, body: SubmitInspectionDto): Promise<{ asset: StoredAsset; qrCodeId?: Types.ObjectId }> {
    if ((body.code === undefined) === (body.assetId === undefined)) {
      throw validationFailed([{ path: 'code', message: 'Send either code (the scanned QR) or assetId, not both' }]);
    }
    if (body.assetId !== undefined) {
      const asset = await this.assets.findAssetInServiceOrFail(auth, body.assetId);
      return { asset };
    }
    const code = normalizeCrockfordCode(body.code);
    if (!code) throw validationFailed([{ path: 'code', message: 'code must be an 8-character QR code such as 7K3M-9QXD' }]);
    const qr = await this.qrCodes.findByCode(auth, code);
    const asset = qr && (await this.assets.findAssetInService(auth, qr.assetId.toHexString()));
    if (!qr || !asset) throw qrCodeNotFound();
    if (qr.status !== 'valid') throw qrCodeReplaced();
    return { asset, qrCodeId: qr._id };
  }
}
