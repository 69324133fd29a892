import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { InjectRepository, Stored, TenantRepository, TenantScope } from '@app/database';
import { AlertChannels } from '../alert-channels';
import { Alert } from '../schemas/alert.schema';
import { SYSTEM_ACTOR, type OpeningEvent } from './alert-opener.service';
import { toAlertView } from './alert.view';

/** An open alert and the end event that resolves it. */
export interface Resolution {
  alert: Stored<Alert>;
  end: OpeningEvent;
}

/** Resolves alerts by the system, the end events that ended them named: written, recorded in the activity log, told to the channels. */
@Injectable()
export class AlertSystemResolver {
  constructor(
    @InjectRepository(Alert) private readonly alerts: TenantRepository<Alert>,
    private readonly channels: AlertChannels,
    private readonly activity: ActivityRecorder,
  ) {}

  /**
   * Resolves alerts by the system in one conditional bulk write (still open or acknowledged: a
   * person may have resolved one meanwhile; then they are read back to see which this end
   * resolved), records them in the activity log and tells the channels, with the alerts resolved
   * already and told again.
   */
  async resolve(scope: TenantScope, resolutions: readonly Resolution[], again: readonly Stored<Alert>[]): Promise<void> {
    const resolvedAt = new Date();
    const set = { state: 'resolved' as const, resolvedAt, resolvedBy: 'system' };
    const matched = await this.alerts.updateEach(
      scope,
      resolutions.map(({ alert, end }) => ({
        record: alert,
        update: { $set: set, $addToSet: { eventIds: end._id } },
        conditions: { state: { $in: ['open', 'acknowledged'] } },
      })),
    );
    const resolved =
      matched === resolutions.length
        ? resolutions.map(({ alert, end }) => ({ before: alert, now: { ...alert, ...set, eventIds: [...alert.eventIds, end._id] }, end }))
        : await this.resolvedByTheirEnds(scope, resolutions);
    await Promise.all([
      // Recorded in one turn: the recorder writes them in one insert.
      ...resolved.map(({ before, now, end }) =>
        this.activity.recordFor(
          { clientId: end.clientId, ...SYSTEM_ACTOR },
          {},
          {
            action: 'alert.resolve',
            resourceType: 'alert',
            resourceId: before._id,
            summary: `Alert "${before.ruleName}" on ${before.assetName} resolved by the system (${end.type})`,
            before: toAlertView(before),
            after: toAlertView(now),
          },
        ),
      ),
      this.channels.changedMany(scope.clientId, 'resolved', [...resolved.map(({ now }) => now), ...again]),
    ]);
  }

  /** After a conditional write that did not match every alert: which of them their end resolved, read back. */
  private async resolvedByTheirEnds(
    scope: TenantScope,
    resolutions: readonly Resolution[],
  ): Promise<Array<{ before: Stored<Alert>; now: Stored<Alert>; end: OpeningEvent }>> {
    const after = new Map(
      (
        await this.alerts.findByIds(
          scope,
          resolutions.map(({ alert }) => alert._id.toHexString()),
        )
      ).map((alert) => [alert._id.toHexString(), alert]),
    );
    return resolutions.flatMap(({ alert, end }) => {
      const now = after.get(alert._id.toHexString());
      return now && now.state === 'resolved' && now.resolvedBy === 'system' && now.eventIds.some((id) => id.equals(end._id))
        ? [{ before: alert, now, end }]
        : [];
    });
  }
}
