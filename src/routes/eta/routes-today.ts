import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { ClientTimeZones } from '@app/auth';
import { groupBy, InjectRepository, InjectUnscopedModel, scopeOfClient, TenantRepository } from '@app/database';
import { Asset } from '@app/fleet';
import { clientToday } from '@app/formats';
import { Route } from '../schemas/route.schema';

/** A route of today, by its vehicle's main tracker. */
export interface RouteToday {
  routeId: Types.ObjectId;
  clientId: Types.ObjectId;
  assetId: Types.ObjectId;
  trackerId: Types.ObjectId;
}

/** Read again this often, for routes written on other instances and the day turning. */
const REFRESH_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Every client's routes of today (their date is today in the client's zone), kept in memory by
 * their vehicle's main tracker: what makes a position of a vehicle without a route today cost
 * one map lookup. Read again on each route write here and every minute.
 */
@Injectable()
export class RoutesToday implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RoutesToday.name);
  private byTracker = new Map<string, RouteToday[]>();
  private timer?: NodeJS.Timeout;
  /** Reads started: an older read that ends after a newer one is dropped. */
  private reads = 0;

  constructor(
    // The one read across clients of this domain: the routes dated around today.
    @InjectUnscopedModel(Route) private readonly allRoutes: Model<Route>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly zones: ClientTimeZones,
  ) {}

  onApplicationBootstrap(): void {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The routes of today of this tracker's vehicle. */
  ofTracker(trackerId: string): readonly RouteToday[] {
    return this.byTracker.get(trackerId) ?? [];
  }

  get isEmpty(): boolean {
    return this.byTracker.size === 0;
  }

  /** After a route write: read again (a failure is logged; the minute's read comes anyway). */
  async changed(): Promise<void> {
    await this.refresh();
  }

  private async refresh(now = Date.now()): Promise<void> {
    const read = ++this.reads;
    try {
      // Today somewhere on Earth is one of these three UTC days.
      const days = [-1, 0, 1].map((shift) => new Date(now + shift * DAY_MS).toISOString().slice(0, 10));
      const routes = await this.allRoutes
        .find({ date: { $in: days } }, { clientId: 1, assetId: 1, date: 1 })
        .lean<Array<Pick<Route, 'clientId' | 'assetId' | 'date'> & { _id: Types.ObjectId }>>()
        .exec();
      const byTracker = new Map<string, RouteToday[]>();
      for (const [clientHex, group] of groupBy(routes, (route) => route.clientId.toHexString())) {
        const clientId = new Types.ObjectId(clientHex);
        const today = clientToday(await this.zones.of(clientId), new Date(now));
        const ofToday = group.filter((route) => route.date === today);
        const assets = await this.assets.findByIds(scopeOfClient(clientId), [...new Set(ofToday.map((route) => route.assetId.toHexString()))]);
        const trackerOf = new Map(assets.map((asset) => [asset._id.toHexString(), asset.mainTrackerId]));
        for (const route of ofToday) {
          const trackerId = trackerOf.get(route.assetId.toHexString());
          if (!trackerId) continue;
          const entry = { routeId: route._id, clientId, assetId: route.assetId, trackerId };
          byTracker.set(trackerId.toHexString(), [...(byTracker.get(trackerId.toHexString()) ?? []), entry]);
        }
      }
      if (read === this.reads) this.byTracker = byTracker;
    } catch (error) {
      this.logger.warn(`Routes of today not read again: ${(error as Error).message}`);
    }
  }
}
