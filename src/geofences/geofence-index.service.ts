import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import Flatbush from 'flatbush';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { CompiledGeofence, compileGeofence } from './compiled-geofence';
import { Geofence, GeofenceVersion } from './schemas/geofence.schema';

/** A client's geofences with a spatial index (flatbush over their bounding boxes). */
export class ClientGeofences {
  private readonly tree: Flatbush | null;
  private readonly ids: Map<string, CompiledGeofence>;

  constructor(readonly fences: readonly CompiledGeofence[]) {
    this.ids = new Map(fences.map((fence) => [fence.id, fence]));
    if (fences.length === 0) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(fences.length);
    for (const fence of fences) this.tree.add(...fence.shape.bbox);
    this.tree.finish();
  }

  /** The geofences whose bounding box meets this box (longitude, latitude): candidates, not yet exact. */
  near(minLng: number, minLat: number, maxLng: number, maxLat: number): CompiledGeofence[] {
    return this.tree ? this.tree.search(minLng, minLat, maxLng, maxLat).map((i) => this.fences[i]) : [];
  }

  byId(id: string): CompiledGeofence | undefined {
    return this.ids.get(id);
  }

  /** The geofences this point is inside. */
  containing(point: { lat: number; lng: number }): CompiledGeofence[] {
    return this.near(point.lng, point.lat, point.lng, point.lat).filter((fence) => fence.shape.signedDistanceM(point) <= 0);
  }
}

interface Cached {
  version: number;
  checkedAt: number;
  geofences: Promise<ClientGeofences>;
}

/**
 * Each client's geofences, compiled and spatially indexed in memory: a fix is tested against the
 * few whose box it is in, not against 10 000 (a linear scan per fix is what slows other
 * platforms down). Rebuilt when the client's version changes: at once after this instance's own
 * edits, and within READ_CACHE_TTL_SECONDS after another instance's (the version is read at most
 * that often, by `_id`).
 */
@Injectable()
export class GeofenceIndex {
  private readonly cache = new Map<string, Cached>();
  private readonly ttlMs: number;

  constructor(
    @InjectRepository(Geofence) private readonly geofences: TenantRepository<Geofence>,
    @InjectModel(GeofenceVersion.name) private readonly versions: Model<GeofenceVersion>,
    config: AppConfig,
  ) {
    this.ttlMs = config.readCacheTtlMs;
  }

  async of(clientId: Types.ObjectId): Promise<ClientGeofences> {
    const key = clientId.toHexString();
    const cached = this.cache.get(key);
    const now = Date.now();
    if (cached && now - cached.checkedAt < this.ttlMs) return cached.geofences;
    const version = await this.versionOf(clientId);
    if (cached && cached.version === version) {
      cached.checkedAt = now;
      return cached.geofences;
    }
    const geofences = this.build(clientId);
    this.cache.set(key, { version, checkedAt: now, geofences });
    geofences.catch(() => this.cache.delete(key));
    return geofences;
  }

  /** After a change of the client's geofences: the version moves (other instances see it) and this instance rebuilds at once. */
  async changed(clientId: Types.ObjectId): Promise<void> {
    await this.versions.collection.updateOne({ _id: clientId }, { $inc: { version: 1 } }, { upsert: true });
    this.cache.delete(clientId.toHexString());
  }

  private async versionOf(clientId: Types.ObjectId): Promise<number> {
    const doc = await this.versions.collection.findOne<{ version: number }>({ _id: clientId } as never);
    return doc?.version ?? 0;
  }

  private async build(clientId: Types.ObjectId): Promise<ClientGeofences> {
    const stored = await this.geofences.find(scopeOfClient(clientId), {});
    return new ClientGeofences(stored.map(compileGeofence));
  }
}
