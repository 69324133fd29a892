import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { DomainException, ErrorCode } from '@app/errors';
import { SubmitInspectionDto } from '../dto/submit-inspection.dto';
import { Inspection } from '../schemas/inspection.schema';

/** What a keyed request asked, as a hash: the same key must come with the same submission. */
export function submissionFingerprint(body: SubmitInspectionDto): string {
  const asked = [
    body.code ?? null,
    body.assetId ?? null,
    body.formId,
    body.answers.map(({ fieldId, value }) => [fieldId, value]),
    body.odometerKm ?? null,
    body.location ? [body.location.lat, body.location.lng] : null,
  ];
  return createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
}

/** Keys are the inspector's own: another user's same key is another submission. */
export const submissionKeyOf = (auth: AuthContext, key: string): string => `${auth.userId.toHexString()}:${key}`;

/**
 * Submissions sent with an `Idempotency-Key` (docs/inspections-forms-maintenance.md, "Retries"):
 * the inspection stores the key (its inspector's) and a fingerprint of the body, so a retry finds
 * what its first attempt stored and is answered it instead of storing a second inspection.
 */
@Injectable()
export class KeyedSubmissions {
  constructor(@InjectRepository(Inspection) private readonly inspections: TenantRepository<Inspection>) {}

  /** The inspection this key already made for the caller, or null; the key with another submission is a 409. */
  async earlier(auth: AuthContext, key: string, fingerprint: string): Promise<Stored<Inspection> | null> {
    const found = await this.inspections.findOne(auth, { submissionKey: submissionKeyOf(auth, key) });
    if (found && found.requestFingerprint !== fingerprint) {
      throw new DomainException(ErrorCode.Conflict, 'This Idempotency-Key was already used for another inspection: send a new key for a new inspection');
    }
    return found;
  }
}
