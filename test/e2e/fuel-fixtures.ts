import { Connection, Types } from 'mongoose';
import request from 'supertest';
import type { TestApp } from '@app/testing';
import type { TestTenant } from '../factories/tenant.factory';

const DAY = 86_400_000;

export interface TariffFixture {
  tariffId: Types.ObjectId;
  /** The open client price record, and when it began. */
  openRecordId: Types.ObjectId;
  validFrom: Date;
}

/** A custom tariff with two client validities: `previousPrice` from 60 to 20 days ago, `price` since. */
export async function insertCustomTariff(
  connection: Connection,
  clientId: Types.ObjectId,
  { baseType = 'diesel', name = 'Diésel flota', price = 1000, previousPrice = 950, custom = true } = {},
): Promise<TariffFixture> {
  const tariffId = new Types.ObjectId();
  const now = Date.now();
  const validFrom = new Date(now - 20 * DAY);
  const base = { clientId, scope: 'client', fuelType: baseType, tariffId };
  const records = await connection.collection('fuel_price_records').insertMany([
    { ...base, pricePerLiter: previousPrice, validFrom: new Date(now - 60 * DAY), validTo: validFrom },
    { ...base, pricePerLiter: price, validFrom, validTo: null },
  ]);
  const openRecordId = records.insertedIds[1];
  await connection.collection('fuel_tariffs').insertOne({
    _id: tariffId,
    clientId,
    baseType,
    name,
    custom,
    pricePerLiter: price,
    priceVersion: 0,
    priceRecordId: openRecordId,
    priceValidFrom: validFrom,
    createdAt: new Date(now - 60 * DAY),
    updatedAt: new Date(now - 60 * DAY),
  });
  return { tariffId, openRecordId, validFrom };
}

/** `count` refuellings of the tariff, one per hour going back from `newest`, priced at `price`. */
export function costEntries(clientId: Types.ObjectId, tariffId: Types.ObjectId, count: number, newest: Date, price: number) {
  return Array.from({ length: count }, (_, i) => ({
    clientId,
    tariffId,
    source: 'refuel',
    occurredAt: new Date(newest.getTime() - i * 3_600_000),
    liters: 20 + (i % 10),
    pricePerLiter: price,
  }));
}

export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** The calls and reads both price-change suites make, against the suite's app and tenant. */
export function priceChangeProbes(suite: () => { t: TestApp; tenant: TestTenant }) {
  const col = (name: string) => suite().t.connection.collection(name);
  return {
    col,
    patch: (id: Types.ObjectId, body: object) =>
      request(suite().t.server).patch(`/api/fuel-tariffs/${id.toHexString()}`).set('Authorization', `Bearer ${suite().tenant.admin.token}`).send(body),
    /** The price of each of the tariff's cost entries, in insertion order. */
    prices: async (tariffId: Types.ObjectId) => (await col('fuel_cost_entries').find({ tariffId }).sort({ _id: 1 }).toArray()).map((e) => e.pricePerLiter),
    /** The client's trip-report export generation (0 before the first bump). */
    generation: async (clientId: Types.ObjectId) => (await col('trip_report_export_generations').findOne({ _id: clientId }))?.generation ?? 0,
  };
}
