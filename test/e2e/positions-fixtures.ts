import request from 'supertest';
import { Types } from 'mongoose';
import { randomInt } from 'node:crypto';
import type { TestApp } from '@app/testing';
import { TelemetryStoreWriter } from '../../src/positions/store/telemetry-store-writer.service';
import { storedTripId } from '../../src/positions/store/stored-trip.schema';
import { toTelemetryPoint, TelemetryPoint } from '../../src/positions/telemetry/telemetry-point';
import type { TripRecord } from '../../src/positions/telemetry/telemetry-source';
import { buildTrip } from '../../src/positions/telemetry/trip-builder';

/** Shared set-up of the telemetry e2e files: trackers and assets, and messages in the store. */
export interface TrackedFixture {
  assetId: string;
  trackerId: Types.ObjectId;
  vendorId: number;
}

export const newVendorId = () => randomInt(10_000_000, 2_000_000_000);

export async function addAsset(
  t: TestApp,
  clientId: Types.ObjectId,
  options: { tracked?: boolean; name?: string; plate?: string } = {},
): Promise<TrackedFixture> {
  const vendorId = newVendorId();
  const trackerId = new Types.ObjectId();
  if (options.tracked !== false) {
    await t.connection
      .collection('trackers')
      .insertOne({ _id: trackerId, clientId, vendorId, name: `Tracker ${vendorId}`, createdAt: new Date(), updatedAt: new Date() });
  }
  const { insertedId } = await t.connection.collection('assets').insertOne({
    clientId,
    name: options.name ?? `Truck ${vendorId}`,
    plate: options.plate ?? 'AB-1234',
    kind: 'truck',
    icon: { id: 'truck', color: '#000000' },
    mainTrackerId: options.tracked === false ? undefined : trackerId,
    groupIds: [],
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return { assetId: insertedId.toHexString(), trackerId, vendorId };
}

/** Sends messages to the ingestion route as flespi does. */
export const ingestMessages = (t: TestApp, token: string, messages: object[]) =>
  request(t.server).post('/api/telemetry/flespi').set('Authorization', `Bearer ${token}`).send(messages).expect(200);

/** A rectangle as a closed GeoJSON ring (longitude first) from its edges. */
export const boxRing = (west: number, south: number, east: number, north: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

/** Writes flespi-style messages into the store (the path of the import command). */
export async function storeMessages(t: TestApp, trackerId: Types.ObjectId, messages: object[]): Promise<void> {
  const points = messages.map(toTelemetryPoint).filter((p): p is TelemetryPoint => p !== null);
  await t.app.get(TelemetryStoreWriter).write(trackerId, points);
}

/** 0.01° of longitude on the equator, in km. */
export const STEP_KM = (6371.0088 * 0.01 * Math.PI) / 180;

// 15/01/2026 10:00 in Santiago (summer time, UTC-3) is 13:00Z: the start of an hour bucket.
export const T0 = Date.UTC(2026, 0, 15, 13, 0, 0) / 1000;

/**
 * The hand-computed route: five positions along the equator, 0.01° apart, across an hour
 * boundary; speeds 0, 36, 72, 54, 18 (sum 180, mean 36, max 72); distance 4 steps; sensor 1
 * reads 4, 6, 5 and sensor 2 reads −18, −20.
 */
export const ROUTE = [
  { timestamp: T0, 'position.latitude': 0, 'position.longitude': 0, 'position.speed': 0, 'temperature.1': 4 },
  { timestamp: T0 + 60, 'position.latitude': 0, 'position.longitude': 0.01, 'position.speed': 36, 'temperature.1': 6, 'temperature.2': -18 },
  { timestamp: T0 + 120, 'position.latitude': 0, 'position.longitude': 0.02, 'position.speed': 72, 'temperature.1': 5, 'temperature.2': -20 },
  { timestamp: T0 + 3590, 'position.latitude': 0, 'position.longitude': 0.03, 'position.speed': 54 },
  { timestamp: T0 + 3610, 'position.latitude': 0, 'position.longitude': 0.04, 'position.speed': 18 },
];

/** The hand-computed readings of ROUTE: sensor 1 reads 4, 6, 5; sensor 2 reads −18, −20. */
export const ROUTE_TEMPERATURES = {
  sensors: [
    { sensor: 'temperature.1', min: 4, max: 6, avg: 5, count: 3 },
    { sensor: 'temperature.2', min: -20, max: -18, avg: -19, count: 2 },
  ],
  stats: { min: -20, max: 6, avg: -4.6, count: 5 },
};

/** Stores a trip of the store source, built from flespi-style messages as the demo seed does. */
export async function storeTrip(t: TestApp, trackerId: Types.ObjectId, id: number, messages: object[]): Promise<TripRecord> {
  const points = messages.map(toTelemetryPoint).filter((p): p is TelemetryPoint => p !== null);
  const trip = buildTrip({ id, begin: points[0].ts, end: points.at(-1)!.ts, startBatteryLevel: 96, endBatteryLevel: 91 }, points);
  await t.connection.collection('telemetry_trips').insertOne({ _id: storedTripId(trackerId.toHexString(), id), trackerId, ...trip } as never);
  return trip;
}
