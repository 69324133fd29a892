import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { assertMayWrite, type AuthContext } from '@app/auth';
import { InjectRepository, duplicateKeyAs, Page, PageRequest, scopeOfClient, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { Asset, StoredTracker, Tracker, TrackerRouting } from '@app/fleet';
import { CreateTrackerDto, UpdateTrackerDto } from '../dto/tracker.dto';
import { toTrackerView, TrackerView } from './tracker.view';

const vendorIdTaken = (vendorId: number) => new DomainException(ErrorCode.Conflict, `A tracker with vendorId ${vendorId} is already registered`);

/** A client's trackers, within the caller's trackers; the vendorId is unique across the platform. */
@Injectable()
export class TrackersService {
  constructor(
    @InjectRepository(Tracker) private readonly trackers: TenantRepository<Tracker>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly routing: TrackerRouting,
    private readonly activity: ActivityRecorder,
  ) {}

  /** A new tracker; a user limited to some trackers cannot add one (it would be outside their scope). */
  async create(auth: AuthContext, body: CreateTrackerDto): Promise<TrackerView> {
    assertMayWrite(auth, 'trackers.register');
    // Any client's device: the unique `{vendorId}` index is a lookup, and settles a race below.
    if (await this.routing.findByVendorId(body.vendorId)) throw vendorIdTaken(body.vendorId);
    const data = {
      vendorId: body.vendorId,
      model: body.model,
      name: body.name ?? `${body.model} #${body.vendorId}`,
      phone: body.phone,
      imei: body.imei,
      ident: body.ident,
    };
    const tracker = await this.trackers.create(auth, data).catch(duplicateKeyAs(() => vendorIdTaken(body.vendorId)));
    const view = toTrackerView(tracker);
    await this.activity.created(auth, { type: 'tracker', id: tracker._id }, `Tracker ${tracker.vendorId} (${tracker.model}) registered`, view);
    return view;
  }

  list(auth: AuthContext, page: PageRequest): Promise<Page<StoredTracker>> {
    return this.trackers.list(auth, {}, page);
  }

  async get(auth: AuthContext, id: string): Promise<TrackerView> {
    return toTrackerView(await this.trackers.findByIdOrFail(auth, id, 'Tracker'));
  }

  async update(auth: AuthContext, id: string, body: UpdateTrackerDto): Promise<TrackerView> {
    if (Object.values(body).every((value) => value === undefined)) throw badRequest('Nothing to change: send at least one of model, name, phone, imei, ident');
    const tracker = await this.trackers.findByIdOrFail(auth, id, 'Tracker');
    const set: Record<string, string> = {};
    const unset: Record<string, ''> = {};
    for (const key of ['model', 'name', 'phone', 'imei', 'ident'] as const) {
      if (body[key] === null) unset[key] = '';
      else if (body[key] !== undefined) set[key] = body[key];
    }
    const updated = (await this.trackers.updateRecord(auth, tracker, { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) })) ?? tracker;
    // The ident decides which messages it takes: this instance routes with the new one at once.
    this.routing.forget(tracker.vendorId);
    const [before, after] = [toTrackerView(tracker), toTrackerView(updated)];
    await this.activity.updated(auth, { type: 'tracker', id: tracker._id }, `Tracker ${tracker.vendorId} changed`, before, after);
    return after;
  }

  /**
   * Removes a tracker that is no asset's main tracker in service (409 naming it). Its telemetry
   * stays in the store under its id; archived assets keep their reference as history.
   */
  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const tracker = await this.trackers.findByIdOrFail(auth, id, 'Tracker');
    const holder = await this.assets.findOne(scopeOfClient(auth.clientId), { mainTrackerId: tracker._id, archivedAt: null }, { projection: { name: 1 } });
    if (holder) {
      throw new DomainException(
        ErrorCode.Conflict,
        `Tracker ${tracker.vendorId} is the main tracker of asset "${holder.name}": assign it another tracker or archive it first`,
      );
    }
    await this.trackers.deleteMany(auth, { _id: tracker._id });
    this.routing.forget(tracker.vendorId);
    await this.activity.deleted(auth, { type: 'tracker', id: tracker._id }, `Tracker ${tracker.vendorId} removed`, toTrackerView(tracker));
    return { id: tracker._id.toHexString() };
  }
}
