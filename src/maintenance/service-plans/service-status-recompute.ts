import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ClientTimeZones } from '@app/auth';
import { OnDomainEvent } from '@app/bus';
import { groupBy, InjectRepository, scopeOfClient, Stored, TenantRepository, TenantScope } from '@app/database';
import { Asset } from '@app/fleet';
import { LeaseCheck, NOT_LEASED } from '@app/jobs';
import { MeterChange, METERS_CHANGED, MetersService } from '../../meters';
import { ServicePlan } from '../schemas/service-plan.schema';
import { ServiceStatus } from '../schemas/service-status.schema';
import { Meters, metersIn, planStatusOf } from './plan-status';
import { ServiceMeterWatch } from './service-meter-watch';
import { effectsPendingOf, ServiceStateEffects } from './service-state-effects';
import { dayIn } from './status-rules';

/**
 * Statuses moved by what the plans do not decide: an asset's meters reaching the next threshold
 * (the meters' watch, or a reading recorded) and the calendar (ServiceStatusSweep), each
 * recomputed in its client's time zone.
 */
@Injectable()
export class ServiceStatusRecompute {
  constructor(
    @InjectRepository(ServiceStatus) private readonly statuses: TenantRepository<ServiceStatus>,
    @InjectRepository(ServicePlan) private readonly plans: TenantRepository<ServicePlan>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly zones: ClientTimeZones,
    private readonly meters: MetersService,
    private readonly effects: ServiceStateEffects,
    private readonly watch: ServiceMeterWatch,
  ) {}

  /** Meters reached a threshold (or a reading was recorded): the asset's statuses recomputed. */
  @OnDomainEvent(METERS_CHANGED)
  async onMeters(changes: readonly MeterChange[], now = new Date()): Promise<void> {
    for (const change of changes) await this.recomputeAsset(change.clientId, change.assetId, change, now);
  }

  /**
   * Statuses the calendar may have moved (ServiceStatusSweep finds them across clients):
   * recomputed in their client's time zone; unfinished effects finished.
   */
  async recomputeDue(due: readonly Stored<ServiceStatus>[], now: Date, lease: LeaseCheck = NOT_LEASED): Promise<void> {
    for (const statuses of groupBy(due, (status) => `${status.clientId}:${status.assetId}`).values()) {
      const { clientId, assetId } = statuses[0];
      const scope = scopeOfClient(clientId);
      const current = metersIn(await this.meters.ofAssets(scope, [assetId]), assetId);
      lease.assertHeld();
      await this.recomputeAsset(
        clientId,
        assetId,
        current,
        now,
        statuses.filter((status) => !status.effectsPending),
      );
      for (const status of statuses.filter((candidate) => candidate.effectsPending)) {
        const plan = await this.plans.findById(scope, status.planId.toHexString());
        if (plan) await this.effects.apply(plan, status, await this.assetName(scope, assetId), now);
      }
    }
  }

  private async recomputeAsset(
    clientId: Types.ObjectId,
    assetId: Types.ObjectId,
    current: Meters,
    now: Date,
    only?: readonly Stored<ServiceStatus>[],
  ): Promise<void> {
    const scope = scopeOfClient(clientId);
    const statuses = only ?? (await this.statuses.find(scope, { assetId }));
    if (statuses.length === 0) return;
    const zone = await this.zones.of(clientId);
    const today = dayIn(now, zone);
    const plans = new Map(
      (await this.plans.findByIds(scope, [...new Set(statuses.map((status) => status.planId.toHexString()))])).map((plan) => [plan._id.toHexString(), plan]),
    );
    let assetName: string | undefined;
    for (const status of statuses) {
      const plan = plans.get(status.planId.toHexString());
      if (!plan) continue;
      const computed = planStatusOf(plan, status.start, current, zone, today);
      if (computed.state === status.state && computed.dateCheck === status.dateCheck) continue;
      const updated = await this.statuses.updateRecord(
        scope,
        status,
        { $set: { ...computed, updatedAt: now, ...effectsPendingOf(computed.state, status.state) } },
        { cycle: status.cycle },
      );
      if (updated && updated.state !== 'ok' && updated.state !== status.state) {
        assetName ??= await this.assetName(scope, assetId);
        await this.effects.apply(plan, updated, assetName, now);
      }
    }
    await this.watch.rewatch(clientId, [assetId]);
  }

  private async assetName(scope: TenantScope, assetId: Types.ObjectId): Promise<string> {
    return (await this.assets.findById(scope, assetId.toHexString()))?.name ?? '';
  }
}
