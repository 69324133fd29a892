import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { Stored } from '@app/database';
import type { LatLng } from '@app/geo';
import { ClientPlaces, PlaceIndex } from '../../places';
import { LatestPositions } from '../../positions';
import type { StopTask } from '../../tasks';
import type { RouteStopView } from '../route.view';
import type { Route } from '../schemas/route.schema';
import { AssetSpeeds } from './asset-speeds';
import { stopEtas } from './stop-etas';

/** A stop with its task as read. */
export interface RouteStop {
  task: StopTask;
  view: RouteStopView;
}

/** The vehicle a route's ETAs start from: its main tracker and, when known already, its position. */
export interface EtaOrigin {
  trackerId: Types.ObjectId | null;
  position?: LatLng | null;
}

const pointOf = (task: StopTask, places: ClientPlaces): LatLng | null =>
  task.location ?? (task.placeId ? (places.byId(task.placeId.toHexString())?.centre ?? null) : null);

/**
 * A route's stops as their tasks are now, with ETAs (docs/dispatch.md, "Routes and ETAs"): the
 * vehicle's latest position (one read, unless given), its cached speed and the client's places
 * from memory.
 */
@Injectable()
export class RouteEtas {
  constructor(
    private readonly latest: LatestPositions,
    private readonly speeds: AssetSpeeds,
    private readonly places: PlaceIndex,
  ) {}

  async stops(route: Stored<Route>, tasks: ReadonlyMap<string, StopTask>, origin: EtaOrigin, now = Date.now()): Promise<RouteStop[]> {
    const ordered = route.stopTaskIds.flatMap((id, index) => {
      const task = tasks.get(id.toHexString());
      return task ? [{ task, sequence: index + 1 }] : [];
    });
    const [from, speedKmh, places] = await Promise.all([
      this.origin(origin),
      origin.trackerId ? this.speeds.of(route.assetId, origin.trackerId, now) : null,
      this.places.of(route.clientId),
    ]);
    const etas = stopEtas(
      from,
      now,
      speedKmh ?? 1,
      ordered.map(({ task }) => ({ state: task.state, point: pointOf(task, places), serviceMinutes: task.serviceMinutes })),
    );
    return ordered.map(({ task, sequence }, index) => ({
      task,
      view: {
        taskId: task._id.toHexString(),
        sequence,
        state: task.state,
        eta: etas[index],
        arrivedAt: task.arrivedAt ?? null,
        departedAt: task.departedAt ?? null,
      },
    }));
  }

  private async origin({ trackerId, position }: EtaOrigin): Promise<LatLng | null> {
    return position !== undefined ? position : this.positionOf(trackerId);
  }

  /** Where the vehicle's main tracker was last seen (one read), if ever. */
  async positionOf(trackerId: Types.ObjectId | null): Promise<LatLng | null> {
    if (!trackerId) return null;
    const known = (await this.latest.of([trackerId.toHexString()])).get(trackerId.toHexString());
    return known ? { lat: known.lat, lng: known.lng } : null;
  }
}
