import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { PagedBody } from '@app/http';
import { decodeKeyCursor, encodeKeyCursor, pageSize } from '@app/database';
import { StoredTrip } from '../store/stored-trip.schema';
import { resolveStatsRange } from '../telemetry/stats-range';
import { TripListQueryDto } from './trip-list-query.dto';
import { AuthContext } from '@app/auth';
import { AssetDirectory } from '@app/fleet';
import { TripDriverHook } from './trip-driver-hook';
import { TripFuelHook } from './trip-fuel-hook';
import { badRequest, notFound } from '@app/errors';
import { deviceOf, TELEMETRY_SOURCE, TelemetrySource } from '../telemetry/telemetry-source';
import { AddressResolver } from './address-resolver.service';
import { TripSummaryView, TripView } from './trip.view';

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function integerParam(name: string, text: string): number {
  const value = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value)) throw badRequest(`${name} must be a non-negative integer`);
  return value;
}

@Injectable()
export class TripsService {
  constructor(
    private readonly directory: AssetDirectory,
    private readonly addresses: AddressResolver,
    private readonly fuel: TripFuelHook,
    private readonly drivers: TripDriverHook,
    @Inject(TELEMETRY_SOURCE) private readonly source: TelemetrySource,
    @InjectModel(StoredTrip.name) private readonly stored: Model<StoredTrip>,
  ) {}

  /** The device's stored trips that begin in the period, newest first (store source). */
  async list(auth: AuthContext, vendorIdText: string, query: TripListQueryDto): Promise<PagedBody<TripSummaryView>> {
    const vendorId = integerParam('vendorId', vendorIdText);
    const range = resolveStatsRange(query.from, query.to, auth.client.timeZone);
    const tracker = await this.directory.findVisibleTrackerByVendorId(auth, vendorId);
    if (!tracker) throw notFound('Tracker');
    const limit = pageSize(query.limit);
    const begin: Record<string, number> = { $gte: range.from, $lte: range.to };
    // Trips of a device never share a begin: the cursor is the last one's.
    if (query.cursor) begin.$lt = decodeKeyCursor(query.cursor, 'begin', isFiniteNumber);
    const found = await this.stored.collection
      .find<StoredTrip>({ trackerId: tracker._id, begin }, { projection: { positions: 0, positionsInBuckets: 0, _id: 0, trackerId: 0 } })
      .sort({ begin: -1 })
      .limit(limit + 1)
      .toArray();
    const page = found.slice(0, limit);
    const asset = await this.directory.findAssetOfTracker(auth, tracker._id);
    const [fuel, drivers] = await Promise.all([this.fuel.of(auth, asset?._id, tracker._id, page), this.drivers.of(auth, asset?._id, page)]);
    const items = page.map((trip) => ({ ...trip, fuel: fuel.get(trip.id) ?? null, ...(drivers.get(trip.id) ?? TripDriverHook.NOBODY) }));
    return new PagedBody(items, found.length > limit ? encodeKeyCursor(items.at(-1)!.begin, 'begin') : null);
  }

  /** A trip of a device of the caller's client and tracker scope; anything else is 404. */
  async get(auth: AuthContext, vendorIdText: string, tripIdText: string): Promise<TripView> {
    const vendorId = integerParam('vendorId', vendorIdText);
    const tripId = integerParam('tripId', tripIdText);
    const tracker = await this.directory.findVisibleTrackerByVendorId(auth, vendorId);
    if (!tracker) throw notFound('Trip');
    const call = { requestId: auth.request.requestId };
    const trip = await this.source.trip(deviceOf(tracker), tripId, call);
    if (!trip) throw notFound('Trip');
    const asset = await this.directory.findAssetOfTracker(auth, tracker._id);
    const [startAddress, endAddress] = await this.addresses.addressesOf([trip.positions[0], trip.positions.at(-1)], call.requestId);
    const [fuel, drivers] = await Promise.all([this.fuel.of(auth, asset?._id, tracker._id, [trip]), this.drivers.of(auth, asset?._id, [trip])]);
    return {
      ...(drivers.get(trip.id) ?? TripDriverHook.NOBODY),
      ...trip,
      clientId: auth.clientId.toHexString(),
      assetId: asset?._id.toHexString() ?? null,
      startAddress,
      endAddress,
      fuel: fuel.get(trip.id) ?? null,
    };
  }
}
