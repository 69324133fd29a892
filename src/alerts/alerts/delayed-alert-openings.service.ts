import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { Jobs, LeaseCheck } from '@app/jobs';
import { END_OF } from '../../events';
import { alertId } from '../alert-ids';
import { AlertOpening } from '../schemas/alert-opening.schema';
import { AlertRule } from '../schemas/alert-rule.schema';
import { AlertOpener, type OpeningEvent } from './alert-opener.service';
import { UnsettledStartsRegister } from './unsettled-starts';

/** The job that decides a start event's alert once its rule's minimum duration has passed. */
export const OPEN_AFTER_DURATION = 'alerts.open-after-duration';

/** Whether a match waits for its rule's minimum duration (a start event: a type with an end) rather than opening at once. */
export const waitsForDuration = (rule: Pick<AlertRule, 'minDurationSeconds'>, event: Pick<OpeningEvent, 'type'>): boolean =>
  rule.minDurationSeconds > 0 && Boolean(END_OF[event.type]);

/**
 * Holds back the alerts of rules with a minimum duration (docs/alerts.md, "Matching"): a start
 * event's opening waits, and opens (through `AlertOpener`) once the duration has passed, unless its
 * end event cancels it first (`AlertSettler`). A waiting opening is claimed once, either by its job
 * (`waiting` → `opened`) or by its end event (`waiting` → `cancelled`), so a retried job or a second
 * instance changes nothing.
 */
@Injectable()
export class DelayedAlertOpenings {
  constructor(
    @InjectRepository(AlertRule) private readonly rules: TenantRepository<AlertRule>,
    @InjectRepository(AlertOpening) private readonly openings: TenantRepository<AlertOpening>,
    private readonly opener: AlertOpener,
    private readonly jobs: Jobs,
    private readonly unsettled: UnsettledStartsRegister,
  ) {}

  /**
   * A start event that matched a rule with a minimum duration: its opening waits, and the job that
   * decides it is pushed onto `later` (enqueued once the whole batch is handled): an end in the
   * same batch cancels first, even when the time to decide has already passed (telemetry that
   * arrives late).
   */
  async wait(rule: Stored<AlertRule>, event: OpeningEvent, later: Array<() => Promise<unknown>>): Promise<void> {
    const id = alertId(rule._id, event);
    const decideAt = new Date(event.occurredAt.getTime() + rule.minDurationSeconds * 1000);
    const scope = scopeOfClient(event.clientId);
    const write = this.openings.updateOne(
      scope,
      { _id: id },
      {
        $setOnInsert: {
          assetId: event.assetId,
          assetName: event.assetName,
          ruleId: rule._id,
          eventId: event._id,
          eventType: event.type,
          geofenceId: event.geofenceId ?? null,
          placeId: event.placeId ?? null,
          occurredAt: event.occurredAt,
          decideAt,
          state: 'waiting',
        },
      },
      { upsert: true },
    );
    // On its asset's register with it: an end reads what it may settle there.
    await Promise.all([write, this.unsettled.add(scope, [{ assetId: event.assetId, id }])]);
    later.push(() =>
      this.jobs.enqueue(
        OPEN_AFTER_DURATION,
        { clientId: event.clientId.toHexString(), openingId: id.toHexString() },
        { key: id.toHexString(), runAt: decideAt, retryDelaysMs: [5_000, 30_000, 120_000, 600_000] },
      ),
    );
  }

  /** The job: opens the alert unless the end event cancelled it first (and only while the job's run holds it). */
  async decide(clientId: string, openingId: string, lease: LeaseCheck): Promise<void> {
    const scope = scopeOfClient(new Types.ObjectId(clientId));
    const opening = await this.openings.findById(scope, openingId);
    if (!opening || opening.state === 'cancelled') return;
    lease.assertHeld();
    await this.openAfterWait(opening);
  }

  /** Opens a waiting opening's alert, unless its end event claimed it first or its rule is disabled or gone. */
  async openAfterWait(opening: Stored<AlertOpening>): Promise<void> {
    const scope = scopeOfClient(opening.clientId);
    const claimed = await this.openings.updateRecord(scope, opening, { $set: { state: 'opened' } }, { state: { $in: ['waiting', 'opened'] } });
    if (!claimed) return; // its end event came first
    const rule = await this.rules.findById(scope, opening.ruleId.toHexString());
    if (!rule || !rule.enabled) return;
    const event = {
      _id: opening.eventId,
      clientId: opening.clientId,
      assetId: opening.assetId,
      assetName: opening.assetName,
      type: opening.eventType,
      occurredAt: opening.occurredAt,
      geofenceId: opening.geofenceId,
      placeId: opening.placeId ?? null,
    };
    await this.opener.open(opening.clientId, [{ rule, event }]);
  }
}
