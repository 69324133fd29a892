import request from 'supertest';
import type { TestApp } from '@app/testing';
import type { TrackedFixture } from './positions-fixtures';

/**
 * Shared set-up of the e2e files that drive assets through a place (the alerts' and events' depot,
 * the visits' customer): messages north of its centre, and the depot geofence.
 */

/** A metre of latitude, in degrees. */
export const METRE_OF_LATITUDE = 1 / 111_195;
/** The depot's centre. */
export const DEPOT = { lat: -33.45, lng: -70.65 };

/** A flespi message of `asset` `north` metres north of `centre` at unix second `at`, at 10 km/h unless `extra` says otherwise. */
export const fixNorthOf = (centre: { lat: number; lng: number }, asset: TrackedFixture, at: number, north: number, extra: object = {}) => ({
  'device.id': asset.vendorId,
  timestamp: at,
  'position.latitude': centre.lat + north * METRE_OF_LATITUDE,
  'position.longitude': centre.lng,
  'position.speed': 10,
  ...extra,
});

/** A flespi message of `asset` `north` metres north of the depot's centre at unix second `at` (see fixNorthOf). */
export const depotFix = (asset: TrackedFixture, at: number, north: number, extra: object = {}) => fixNorthOf(DEPOT, asset, at, north, extra);

/** Five fixes 10 s apart from unix second `at`: into the depot (200 m radius) at `at` + 10 s, out at `at` + 30 s. */
export const depotVisit = (asset: TrackedFixture, at: number) => [400, 150, 100, 300, 400].map((north, i) => depotFix(asset, at + 10 * i, north));

/** Creates the depot, a 200 m circle around DEPOT, as the holder of `token`; its id. */
export const createDepot = async (t: TestApp, token: string, name = 'Depósito'): Promise<string> =>
  (
    await request(t.server)
      .post('/api/geofences')
      .set('Authorization', `Bearer ${token}`)
      .send({ name, geometry: { type: 'Point', coordinates: [DEPOT.lng, DEPOT.lat] }, radiusM: 200 })
      .expect(201)
  ).body.data.id;
