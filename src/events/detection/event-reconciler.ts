import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { InjectRepository, scopeOfClient, Stored, TenantRepository } from '@app/database';
import type { Asset } from '@app/fleet';
import { assetDayId, DAY_S, eventId } from '../event-ids';
import type { NewFleetEvent } from '../fleet-event.types';
import { FleetEvents } from '../fleet-events.service';
import { FleetEvent } from '../schemas/fleet-event.schema';
import { FleetEventIndex } from '../schemas/fleet-event-index.schema';

/** The types the detector derives from fixes alone (offline and online come from the sweep's clock too). */
const REPLAYED_TYPES = new Set(['geofence.enter', 'geofence.exit', 'speeding.start', 'speeding.end', 'idling.start', 'idling.end', 'ignition.on', 'ignition.off', 'temperature.out_of_range', 'temperature.back_in_range']);

/**
 * After a late message, makes an asset's stored events of a stretch of time what a replay of the
 * stretch found: the new ones recorded, those that no longer happened removed (a late fix at a
 * geofence's edge moves an enter; docs/events.md, "Late messages").
 */
@Injectable()
export class EventReconciler {
  constructor(
    @InjectRepository(FleetEvent) private readonly events: TenantRepository<FleetEvent>,
    @InjectModel(FleetEventIndex.name) private readonly index: Model<FleetEventIndex>,
    private readonly fleetEvents: FleetEvents,
  ) {}

  async reconcile(asset: Stored<Asset>, from: number, to: number, replayed: readonly NewFleetEvent[]): Promise<void> {
    const days: ReturnType<typeof assetDayId>[] = [];
    for (let day = Math.floor(from / DAY_S) * DAY_S; day <= to; day += DAY_S) days.push(assetDayId(asset._id, day));
    const docs = await this.index.collection.find<FleetEventIndex>({ _id: { $in: days } } as never).toArray();
    const keep = new Set(replayed.map((event) => eventId(event).toHexString()));
    const stale = docs
      .flatMap((doc) => doc.entries)
      .filter((entry) => REPLAYED_TYPES.has(entry.type) && entry.at.getTime() >= from * 1000 && entry.at.getTime() <= to * 1000 && !keep.has(entry.id.toHexString()));
    if (stale.length > 0) await this.fleetEvents.remove(await this.events.findByIds(scopeOfClient(asset.clientId), stale.map((entry) => entry.id.toHexString())));
    await this.fleetEvents.record(replayed);
  }
}
