import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientIndex, InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { AreaIndex } from '@app/geo';
import { CompiledGeofence, compileGeofence } from './compiled-geofence';
import { Geofence, GeofenceVersion } from './schemas/geofence.schema';

/** A client's geofences with a spatial index (flatbush over their bounding boxes). */
export class ClientGeofences {
  private readonly index: AreaIndex<CompiledGeofence>;
  private readonly ids: Map<string, CompiledGeofence>;

  constructor(readonly fences: readonly CompiledGeofence[]) {
    this.ids = new Map(fences.map((fence) => [fence.id, fence]));
    this.index = new AreaIndex(fences);
  }

  /** The geofences whose bounding box meets this box (longitude, latitude): candidates, not yet exact. */
  near(minLng: number, minLat: number, maxLng: number, maxLat: number): CompiledGeofence[] {
    return this.index.meeting(minLng, minLat, maxLng, maxLat);
  }

  byId(id: string): CompiledGeofence | undefined {
    return this.ids.get(id);
  }

  /** The geofences this point is inside. */
  containing(point: { lat: number; lng: number }): CompiledGeofence[] {
    return this.index.containing(point);
  }
}

/**
 * Each client's geofences, compiled and spatially indexed in memory: a fix is tested against the
 * few whose box it is in, not against 10 000 (a linear scan per fix is what slows other
 * platforms down). Rebuilt when the client's version changes (`ClientIndex`).
 */
@Injectable()
export class GeofenceIndex extends ClientIndex<ClientGeofences> {
  constructor(
    @InjectRepository(Geofence) private readonly geofences: TenantRepository<Geofence>,
    @InjectModel(GeofenceVersion.name) versions: Model<GeofenceVersion>,
    config: AppConfig,
  ) {
    super(versions, config);
  }

  protected async build(clientId: Types.ObjectId): Promise<ClientGeofences> {
    const stored = await this.geofences.find(scopeOfClient(clientId), {});
    return new ClientGeofences(stored.map(compileGeofence));
  }
}
