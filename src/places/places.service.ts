import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { externalIdTakenAs, InjectRepository, Page, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { CreatePlaceDto } from './dto/create-place.dto';
import { DEFAULT_NEAR_RADIUS_M, ListPlacesDto } from './dto/list-places.dto';
import { UpdatePlaceDto } from './dto/update-place.dto';
import { PlaceIndex } from './place-index.service';
import { IdPage, nearestPage, newestPage } from './place-listing';
import { newPlace, placeUpdate } from './place-record';
import { PlaceView, toPlaceView } from './place.view';
import { Place } from './schemas/place.schema';

/** Places a client may have: the in-memory index answers lists and visit detection well beyond this. */
export const MAX_PLACES_PER_CLIENT = 100_000;

export const tooManyPlaces = () =>
  new DomainException(ErrorCode.Conflict, `A client has at most ${MAX_PLACES_PER_CLIENT.toLocaleString('en')} places: remove some first`);

/** A client's places (docs/places.md): CRUD, and lists answered from the index. */
@Injectable()
export class PlacesService {
  constructor(
    @InjectRepository(Place) private readonly places: TenantRepository<Place>,
    private readonly index: PlaceIndex,
    private readonly activity: ActivityRecorder,
  ) {}

  async create(auth: AuthContext, body: CreatePlaceDto): Promise<PlaceView> {
    if ((await this.places.count(auth, {})) >= MAX_PLACES_PER_CLIENT) throw tooManyPlaces();
    const place = await this.places.create(auth, newPlace(auth.clientId, body)).catch(externalIdTakenAs('place', body.externalId));
    await this.index.changed(auth.clientId, [place._id.toHexString()]);
    const view = toPlaceView(place);
    await this.activity.created(auth, { type: 'place', id: place._id }, `Place "${place.name}" created`, view);
    return view;
  }

  /**
   * A page of the list, from the index in memory (the embedded database would scan and sort every
   * place per page): the page's ids there, then their records by `_id` (a lookup).
   */
  async list(auth: AuthContext, query: ListPlacesDto): Promise<Page<PlaceView>> {
    const { q, tag, externalId, near, radiusM } = query;
    if (radiusM !== undefined && !near) throw badRequest('radiusM: only with near=lat,lng');
    const places = await this.index.of(auth.clientId);
    const filter = { q, tag, externalId };
    let page: IdPage;
    if (near) {
      const [lat, lng] = near.split(',').map(Number);
      if (Math.abs(lat) > 90 || Math.abs(lng) > 180) throw badRequest('near must be a latitude (-90..90) and a longitude (-180..180)');
      page = nearestPage(places, { lat, lng }, radiusM ?? DEFAULT_NEAR_RADIUS_M, filter, query);
    } else {
      page = newestPage(places, filter, query);
    }
    const records = new Map((await this.places.findByIds(auth, page.ids)).map((place) => [place._id.toHexString(), place]));
    const items = page.ids.flatMap((id) => {
      const record = records.get(id);
      if (!record) return []; // deleted by another instance since its index was built
      const distanceM = page.distances?.get(id);
      return [distanceM === undefined ? toPlaceView(record) : { ...toPlaceView(record), distanceM: Math.round(distanceM) }];
    });
    return { items, nextCursor: page.nextCursor };
  }

  async get(auth: AuthContext, id: string): Promise<PlaceView> {
    return toPlaceView(await this.places.findByIdOrFail(auth, id, 'Place'));
  }

  async update(auth: AuthContext, id: string, body: UpdatePlaceDto): Promise<PlaceView> {
    if (Object.values(body).every((value) => value === undefined)) {
      throw badRequest('Nothing to change: send at least one of name, address, location, radiusM, area, externalId, tags, notes, visitMinutes');
    }
    const place = await this.places.findByIdOrFail(auth, id, 'Place');
    const updated = (await this.places.updateRecord(auth, place, placeUpdate(auth.clientId, body)).catch(externalIdTakenAs('place', body.externalId))) ?? place;
    await this.index.changed(auth.clientId, [place._id.toHexString()]);
    const [before, after] = [toPlaceView(place), toPlaceView(updated)];
    await this.activity.updated(auth, { type: 'place', id: place._id }, `Place "${updated.name}" changed`, before, after);
    return after;
  }

  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const place = await this.places.findByIdOrFail(auth, id, 'Place');
    await this.places.deleteRecords(auth, [place]);
    await this.index.changed(auth.clientId, [place._id.toHexString()]);
    await this.activity.deleted(auth, { type: 'place', id: place._id }, `Place "${place.name}" deleted`, toPlaceView(place));
    return { id: place._id.toHexString() };
  }
}
