import request from 'supertest';
import type { TestApp } from '@app/testing';
import type { TestTenant } from '../factories/tenant.factory';
import { METRE_OF_LATITUDE as M } from './depot-fixtures';
import { addAsset, TrackedFixture } from './positions-fixtures';

/**
 * A scripted drive, a fix every `stepS` (10) seconds northwards with the ignition on: each fix's speed holds until
 * the next (the asset moves the metres it covers), then standing still with the ignition on, then
 * one fix with it off. Its figures worked out by hand: `drivingSeconds` a step per moving fix,
 * `idlingSeconds` a step per standing one, `distanceKm` Σ speed × step.
 */
export function scriptedDrive(asset: TrackedFixture, start: { ts: number; lat: number; lng: number }, speeds: readonly number[], standing: number, stepS = 10) {
  let north = 0;
  const messages: object[] = [];
  const fix = (i: number, speed: number, ignition: boolean) => ({
    'device.id': asset.vendorId,
    timestamp: start.ts + i * stepS,
    'position.latitude': start.lat + north * M,
    'position.longitude': start.lng,
    'position.speed': speed,
    'engine.ignition.status': ignition,
  });
  speeds.forEach((speed, i) => {
    messages.push(fix(i, speed, true));
    north += (speed / 3.6) * stepS;
  });
  for (let i = 0; i < standing; i++) messages.push(fix(speeds.length + i, 0, true));
  messages.push(fix(speeds.length + standing, 0, false));
  return {
    messages,
    distanceKm: speeds.reduce((sum, speed) => sum + (speed * stepS) / 3600, 0),
    drivingSeconds: speeds.length * stepS,
    idlingSeconds: standing * stepS,
  };
}

/** Camión A of the driving specs: its own speed limit of 60 km/h. */
export async function addCamionA(t: TestApp, tenant: TestTenant): Promise<TrackedFixture> {
  const a = await addAsset(t, tenant.clientId, { name: 'Camión A', plate: 'AAAA11' });
  await request(t.server)
    .patch(`/api/assets/${a.assetId}`)
    .set('Authorization', `Bearer ${tenant.admin.token}`)
    .send({ eventSettings: { speedLimitKmh: 60 } })
    .expect(200);
  return a;
}

/** Camión A's drive from unix second `ts`: 50 km/h for 60 s, 75 for 30 s, 85 for 20 s, 95 for 10 s; then 60 s idling. */
export const driveOfCamionA = (a: TrackedFixture, ts: number) =>
  scriptedDrive(a, { ts, lat: -33.5, lng: -70.7 }, [50, 50, 50, 50, 50, 50, 75, 75, 75, 85, 85, 95], 6);
