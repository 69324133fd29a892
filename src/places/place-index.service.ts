import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import Flatbush from 'flatbush';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientIndex, InjectRepository, scopeOfClient, TenantRepository } from '@app/database';
import { AreaIndex } from '@app/geo';
import { boxAround, distanceM, type LatLng } from './place-distance';
import { CompiledPlace, compilePlace } from './compiled-place';
import { Place, PLACE_CHANGES, PlaceVersion } from './schemas/place.schema';

/**
 * A client's places, newest first, with a spatial index over their bounding boxes (up to 100 000
 * a client), and one over their pins built on the first `near=` list.
 */
export class ClientPlaces {
  readonly places: readonly CompiledPlace[];
  private readonly areas: AreaIndex<CompiledPlace>;
  private readonly ids: Map<string, CompiledPlace>;
  private pins?: Flatbush;

  constructor(places: readonly CompiledPlace[]) {
    // Newest first, as the list pages them (ObjectId hex strings order as their creation).
    this.places = [...places].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    this.ids = new Map(places.map((place) => [place.id, place]));
    this.areas = new AreaIndex(this.places);
  }

  byId(id: string): CompiledPlace | undefined {
    return this.ids.get(id);
  }

  get size(): number {
    return this.places.length;
  }

  /** The places this point is inside. */
  containing(point: LatLng): CompiledPlace[] {
    return this.areas.containing(point);
  }

  /** The places whose pin is within `radiusM` of the point, with that distance (unordered). */
  near(point: LatLng, radiusM: number): Array<{ place: CompiledPlace; distanceM: number }> {
    if (this.places.length === 0) return [];
    this.pins ??= this.indexPins();
    const box = boxAround(point, radiusM);
    return this.pins
      .search(...box)
      .map((i) => ({ place: this.places[i], distanceM: distanceM(point, this.places[i].centre) }))
      .filter((candidate) => candidate.distanceM <= radiusM);
  }

  // A drawn area's box may leave its pin outside: `near=` measures to pins, so it has a tree of them.
  private indexPins(): Flatbush {
    const pins = new Flatbush(this.places.length);
    for (const { centre } of this.places) pins.add(centre.lng, centre.lat, centre.lng, centre.lat);
    pins.finish();
    return pins;
  }
}

/**
 * Each client's places, compiled and spatially indexed in memory, for visit detection: a fix is
 * tested against the few whose box it is in. Patched when a few of the client's places change
 * (the change log beside the counter), rebuilt after an import or when the log is missing.
 */
@Injectable()
export class PlaceIndex extends ClientIndex<ClientPlaces> {
  constructor(
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
    @InjectModel(PlaceVersion.name) versions: Model<PlaceVersion>,
    @InjectModel(PLACE_CHANGES.name) changes: Model<unknown>,
    config: AppConfig,
  ) {
    super(versions, config, changes);
  }

  // `of(clientId, {stale: true})` serves visit detection: not held up for seconds by a rebuild.
  protected async build(clientId: Types.ObjectId): Promise<ClientPlaces> {
    const stored = await this.places.find(scopeOfClient(clientId), {});
    return new ClientPlaces(stored.map(compilePlace));
  }

  // After a write of a few places: those read again, the rest kept compiled (a build reads 100 000 in seconds).
  protected override async patch(clientId: Types.ObjectId, previous: ClientPlaces, ids: readonly string[]): Promise<ClientPlaces> {
    const stored = await this.places.findByIds(scopeOfClient(clientId), ids);
    const changed = new Set(ids);
    return new ClientPlaces([...previous.places.filter((place) => !changed.has(place.id)), ...stored.map(compilePlace)]);
  }
}
