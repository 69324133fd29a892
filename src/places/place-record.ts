import type { CreatePlaceDto } from './dto/create-place.dto';
import { PLACE_LIMITS } from './dto/place-fields';
import type { UpdatePlaceDto } from './dto/update-place.dto';
import type { Types, UpdateQuery } from 'mongoose';
import type { PointGeometry, PolygonGeometry } from '@app/geo';
import { placeExternalKey, type Place } from './schemas/place.schema';

// Only `type` and `coordinates` are stored: GeoJSON allows other members, a place keeps none.
const point = (location: PointGeometry): PointGeometry => ({ type: 'Point', coordinates: [location.coordinates[0], location.coordinates[1]] });
const polygon = (area: PolygonGeometry | null | undefined): PolygonGeometry | null =>
  area ? { type: 'Polygon', coordinates: area.coordinates.map((ring) => ring.map(([lng, lat]) => [lng, lat])) } : null;

/** The stored fields of a new place, defaults filled (the API and the import alike). */
export function newPlace(clientId: Types.ObjectId, body: CreatePlaceDto): Omit<Place, 'clientId' | 'createdAt' | 'updatedAt'> {
  const externalKey = placeExternalKey(clientId, body.externalId);
  return {
    ...(externalKey ? { externalKey } : {}),
    name: body.name,
    address: body.address ?? '',
    location: point(body.location),
    radiusM: body.radiusM ?? PLACE_LIMITS.radiusM.default,
    area: polygon(body.area),
    externalId: body.externalId ?? null,
    tags: body.tags ?? [],
    notes: body.notes ?? '',
    visitMinutes: body.visitMinutes ?? PLACE_LIMITS.visitMinutes.default,
  };
}

/** A partial update: the fields sent, `null` clearing the optional ones (the externalId's key with it). */
export function placeUpdate(clientId: Types.ObjectId, body: UpdatePlaceDto): UpdateQuery<Place> {
  const set = placeChanges(body);
  if (body.externalId === undefined) return { $set: set };
  const externalKey = placeExternalKey(clientId, body.externalId);
  return externalKey ? { $set: { ...set, externalKey } } : { $set: set, $unset: { externalKey: 1 } };
}

/** The fields sent, as stored. */
export function placeChanges(body: UpdatePlaceDto): Partial<Place> {
  const set: Partial<Place> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.address !== undefined) set.address = body.address ?? '';
  if (body.location !== undefined) set.location = point(body.location);
  if (body.radiusM !== undefined) set.radiusM = body.radiusM;
  if (body.area !== undefined) set.area = polygon(body.area);
  if (body.externalId !== undefined) set.externalId = body.externalId;
  if (body.tags !== undefined) set.tags = body.tags;
  if (body.notes !== undefined) set.notes = body.notes ?? '';
  if (body.visitMinutes !== undefined) set.visitMinutes = body.visitMinutes;
  return set;
}
