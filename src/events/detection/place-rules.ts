import { Injectable } from '@nestjs/common';
import type { CompiledPlace } from '../../places';
import { DetectionRule, FixMoment, FleetEventRule, type PlaceLookup } from './detection-rule';
import { confirm, DetectedEvent, DetectorState, type PlaceStay, Spot } from './detector-state';
import { STILL_KMH } from './motion-rules';

const seconds = (from: Spot, to: Spot) => Math.max(0, Math.round(to.ts - from.ts));

/**
 * Visits (docs/places.md, "Visits"): stopped (under 3 km/h) inside a place for its visit minutes
 * is a visit — `place.arrival` dated at the first stopped fix inside, `place.departure` at the
 * first fix outside, confirmed like a geofence exit (a second fix outside, or one clearly out).
 * Driving through, or stopping for less, is nothing; each of overlapping places gets its visit.
 * A fix without a position changes nothing: the asset is where it was.
 */
export function visitEvents(state: DetectorState, located: Spot, places: PlaceLookup, hysteresisM: number, continuous: boolean): DetectedEvent[] {
  const stays = (state.places ??= {});
  const events: DetectedEvent[] = [];
  const inside = new Set<string>();
  for (const place of places.containing(located)) {
    inside.add(place.id);
    const arrival = stayInside(stays, place, located);
    if (arrival) events.push(arrival);
  }
  for (const [id, stay] of Object.entries(stays)) {
    if (inside.has(id)) continue;
    const departure = leaving(stays, id, stay, located, places.byId(id), hysteresisM, continuous);
    if (departure) events.push(departure);
  }
  return events;
}

function stayInside(stays: Record<string, PlaceStay>, place: CompiledPlace, located: Spot): DetectedEvent | null {
  const stay = stays[place.id] ?? {};
  stays[place.id] = stay;
  stay.pending = undefined;
  if (stay.arrived || located.speed === null) return null;
  if (located.speed >= STILL_KMH) {
    delete stays[place.id];
    return null;
  }
  stay.stillSince ??= located;
  if (located.ts - stay.stillSince.ts < place.visitSeconds) return null;
  stay.arrived = stay.stillSince;
  return { type: 'place.arrival', at: stay.arrived, placeId: place.id, details: { placeName: place.name, visitMinutes: place.visitSeconds / 60 } };
}

function leaving(
  stays: Record<string, PlaceStay>,
  id: string,
  stay: PlaceStay,
  located: Spot,
  place: CompiledPlace | undefined,
  hysteresisM: number,
  continuous: boolean,
): DetectedEvent | null {
  if (!stay.arrived) {
    delete stays[id]; // left before the stop made a visit
    return null;
  }
  // A place deleted meanwhile ends its visit at once; a jump leaves it at once too.
  const clear = !place || !continuous || place.shape.signedDistanceM(located) >= hysteresisM;
  const step = confirm(stay.pending, false, located, clear);
  if (!step.confirmed) {
    stay.pending = step.pending;
    return null;
  }
  delete stays[id];
  return {
    type: 'place.departure',
    at: step.confirmed,
    placeId: id,
    details: { placeName: place?.name ?? null, arrivedAt: new Date(stay.arrived.ts * 1000).toISOString(), dwellSeconds: seconds(stay.arrived, step.confirmed) },
  };
}

/** `place.arrival` / `place.departure`, from located fixes only. */
@Injectable()
@FleetEventRule()
export class VisitRule implements DetectionRule {
  readonly order = 15;

  eventsAt({ state, located, context, continuous }: FixMoment): DetectedEvent[] {
    return located ? visitEvents(state, located, context.places, context.hysteresisM, continuous) : [];
  }
}
