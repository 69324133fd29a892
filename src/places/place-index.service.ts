import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import Flatbush from 'flatbush';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientVersionedCache, InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import type { LatLng } from '@app/geo';
import { CompiledPlace, compilePlace } from './compiled-place';
import { Place, PlaceVersion } from './schemas/place.schema';

/** A client's places with a spatial index over their bounding boxes (up to 100 000 a client). */
export class ClientPlaces {
  private readonly tree: Flatbush | null;
  private readonly ids: Map<string, CompiledPlace>;

  constructor(readonly places: readonly CompiledPlace[]) {
    this.ids = new Map(places.map((place) => [place.id, place]));
    if (places.length === 0) {
      this.tree = null;
      return;
    }
    this.tree = new Flatbush(places.length);
    for (const place of places) this.tree.add(...place.shape.bbox);
    this.tree.finish();
  }

  byId(id: string): CompiledPlace | undefined {
    return this.ids.get(id);
  }

  get size(): number {
    return this.places.length;
  }

  /** The places this point is inside. */
  containing(point: LatLng): CompiledPlace[] {
    if (!this.tree) return [];
    return this.tree
      .search(point.lng, point.lat, point.lng, point.lat)
      .map((i) => this.places[i])
      .filter((place) => place.shape.signedDistanceM(point) <= 0);
  }
}

/**
 * Each client's places, compiled and spatially indexed in memory, for visit detection: a fix is
 * tested against the few whose box it is in. Rebuilt when the client's places change.
 */
@Injectable()
export class PlaceIndex {
  private readonly cache: ClientVersionedCache<ClientPlaces>;

  constructor(
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
    @InjectModel(PlaceVersion.name) versions: Model<PlaceVersion>,
    config: AppConfig,
  ) {
    this.cache = new ClientVersionedCache(versions.collection, config.readCacheTtlMs, (clientId) => this.build(clientId));
  }

  of(clientId: Types.ObjectId): Promise<ClientPlaces> {
    return this.cache.of(clientId);
  }

  /** After any write of the client's places (create, update, delete, import). */
  changed(clientId: Types.ObjectId): Promise<void> {
    return this.cache.changed(clientId);
  }

  private async build(clientId: Types.ObjectId): Promise<ClientPlaces> {
    const stored = await this.places.find(scopeOfClient(clientId), {});
    return new ClientPlaces(stored.map(compilePlace));
  }
}
