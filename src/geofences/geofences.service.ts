import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { containsText, InjectRepository, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { badRequest, validationFailed } from '@app/errors';
import { Asset, AssetTargetsChecker, changedAssetTargets, newAssetTargets, recordsTargeting } from '@app/fleet';
import { CreateGeofenceDto } from './dto/create-geofence.dto';
import { ListGeofencesDto } from './dto/list-geofences.dto';
import { UpdateGeofenceDto } from './dto/update-geofence.dto';
import { GeofenceIndex } from './geofence-index.service';
import { GeofenceView, toGeofenceView } from './geofence.view';
import { geometryProblem } from '@app/geo';
import { Geofence } from './schemas/geofence.schema';

/** Geofences a client may have: a spatial index per client keeps detection fast well beyond this. */
export const MAX_GEOFENCES_PER_CLIENT = 10_000;

/** A client's geofences (docs/events.md, "Geofences"): CRUD, with the spatial index kept current. */
@Injectable()
export class GeofencesService {
  constructor(
    @InjectRepository(Geofence) private readonly geofences: TenantRepository<Geofence>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly targets: AssetTargetsChecker,
    private readonly index: GeofenceIndex,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, body: CreateGeofenceDto): Promise<GeofenceView> {
    await this.targets.check(auth, body);
    await this.geofences.checkRoomFor(auth, MAX_GEOFENCES_PER_CLIENT, 'geofences');
    const geofence = await this.geofences.create(auth, {
      name: body.name,
      description: body.description ?? '',
      color: body.color ?? '#1e88e5',
      geometry: body.geometry,
      radiusM: body.radiusM ?? null,
      widthM: body.widthM ?? null,
      speedLimitKmh: body.speedLimitKmh ?? null,
      ...newAssetTargets(body, { allAssets: true }),
    });
    await this.index.changed(auth.clientId);
    const view = toGeofenceView(geofence);
    await this.activity.created(auth, { type: 'geofence', id: geofence._id }, `Geofence "${geofence.name}" created`, view);
    return view;
  }

  async list(auth: AuthContext, query: ListGeofencesDto): Promise<Page<Stored<Geofence>>> {
    const filter: TenantQuery<Geofence> = {};
    if (query.q) filter.name = containsText(query.q);
    if (query.assetId) {
      const asset = await this.assets.findById(auth, query.assetId);
      if (!asset) return { items: [], nextCursor: null };
      filter.$or = recordsTargeting(asset).$or;
    }
    if (query.contains) {
      const [lat, lng] = query.contains.split(',').map(Number);
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
        throw validationFailed([{ path: 'contains', message: 'contains must be a latitude (-90..90) and a longitude (-180..180)' }]);
      const inside = (await this.index.of(auth.clientId)).containing({ lat, lng });
      filter._id = { $in: inside.map((fence) => new Types.ObjectId(fence.id)) };
    }
    return this.geofences.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }

  async get(auth: AuthContext, id: string): Promise<GeofenceView> {
    return toGeofenceView(await this.geofences.findByIdOrFail(auth, id, 'Geofence'));
  }

  async update(auth: AuthContext, id: string, body: UpdateGeofenceDto): Promise<GeofenceView> {
    if (Object.values(body).every((value) => value === undefined)) {
      throw badRequest(
        'Nothing to change: send at least one of name, description, color, geometry, radiusM, widthM, speedLimitKmh, allAssets, assetIds, groupIds',
      );
    }
    const geofence = await this.geofences.findByIdOrFail(auth, id, 'Geofence');
    await this.targets.check(auth, body);
    const next = { ...geofence, ...body } as Stored<Geofence> & UpdateGeofenceDto;
    // A shape and its size go together: a circle keeps no width, a corridor no radius.
    const radiusM = next.geometry.type === 'Point' ? (body.radiusM ?? geofence.radiusM) : (body.radiusM ?? null);
    const widthM = next.geometry.type === 'LineString' ? (body.widthM ?? geofence.widthM) : (body.widthM ?? null);
    const problem = geometryProblem(next.geometry, { radiusM, widthM });
    if (problem) throw validationFailed([{ path: 'geometry', message: problem }]);
    const set: Record<string, unknown> = { ...body, radiusM, widthM, ...changedAssetTargets(body) };
    const updated = (await this.geofences.updateRecord(auth, geofence, { $set: set })) ?? geofence;
    await this.index.changed(auth.clientId);
    const [before, after] = [toGeofenceView(geofence), toGeofenceView(updated)];
    await this.activity.updated(auth, { type: 'geofence', id: geofence._id }, `Geofence "${updated.name}" changed`, before, after);
    return after;
  }

  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const geofence = await this.geofences.findByIdOrFail(auth, id, 'Geofence');
    await this.geofences.deleteMany(auth, { _id: geofence._id });
    await this.index.changed(auth.clientId);
    await this.activity.deleted(auth, { type: 'geofence', id: geofence._id }, `Geofence "${geofence.name}" deleted`, toGeofenceView(geofence));
    return { id: geofence._id.toHexString() };
  }
}
