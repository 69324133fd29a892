import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { InjectRepository, Stored, TenantQuery, TenantRepository, TenantScope } from '@app/database';
import { Driver } from '../schemas/driver.schema';
import { DriverAssignmentVersion } from '../schemas/driver-assignment-version.schema';
import { DriverAssignment } from './schemas/driver-assignment.schema';
import { DriverLabel, DriverSpan, NO_DRIVER, resolveSpans, spanAt, StoredSpan } from './driver-spans';

type AssetRef = string | Types.ObjectId;

/** An asset at a moment: whose driver labels a record. */
export interface DriverMoment {
  assetId: AssetRef;
  at: Date;
}

const hexOf = (id: AssetRef) => (typeof id === 'string' ? id.toLowerCase() : id.toHexString());
const storedSpan = (assignment: Stored<DriverAssignment>): StoredSpan => ({
  assignmentId: assignment._id.toHexString(),
  driverId: assignment.driverId.toHexString(),
  from: assignment.from.getTime(),
  to: assignment.to?.getTime() ?? Infinity,
  source: assignment.source,
});

/** The "Name Surname" shown beside a driver's id. */
export const driverNameOf = (driver: Pick<Driver, 'firstName' | 'lastName'>): string => `${driver.firstName} ${driver.lastName}`;

/**
 * Who drove which asset when (docs/dispatch.md, "Drivers on vehicles"), for whoever labels a
 * record with its driver: read when the record is read, so an assignment added later re-labels
 * the past. One query for a whole page (`labelsFor`, `spansFor`), never one per item.
 */
@Injectable()
export class DriverAssignments {
  constructor(
    @InjectRepository(DriverAssignment) private readonly assignments: TenantRepository<DriverAssignment>,
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
    @InjectModel(DriverAssignmentVersion.name) private readonly versions: Model<DriverAssignmentVersion>,
  ) {}

  /** The client's assignments change counter (a lookup by `_id`): a cache of labelled records keys on it. */
  async version(clientId: Types.ObjectId): Promise<number> {
    return (await this.versions.findById(clientId).lean().exec())?.version ?? 0;
  }

  /** After any write of the client's assignments. */
  async changed(clientId: Types.ObjectId): Promise<void> {
    await this.versions.updateOne({ _id: clientId }, { $inc: { version: 1 } }, { upsert: true }).exec();
  }

  /** Per asset (hex id), the resolved spans that meet `[from, to)`, in time order (assets without any are absent). */
  async spansFor(scope: TenantScope, assetIds: readonly AssetRef[], from: Date, to: Date): Promise<Map<string, DriverSpan[]>> {
    const ids = [...new Set(assetIds.map(hexOf))].filter((id) => Types.ObjectId.isValid(id));
    if (ids.length === 0 || !(from < to)) return new Map();
    const filter: TenantQuery<DriverAssignment> = {
      assetId: { $in: ids.map((id) => new Types.ObjectId(id)) },
      from: { $lt: to },
      $or: [{ to: null }, { to: { $gt: from } }],
    };
    const stored = await this.assignments.find(scope, filter);
    const names = await this.namesOf(scope, stored);
    const byAsset = new Map<string, DriverSpan[]>();
    for (const [assetId, spans] of groupedByAsset(stored)) {
      const resolved = resolveSpans(spans)
        .filter((span) => span.from < to.getTime() && span.to > from.getTime())
        .map((span) => ({
          assignmentId: span.assignmentId,
          driverId: span.driverId,
          driverName: names.get(span.driverId) ?? '',
          from: new Date(span.from),
          to: span.to === Infinity ? null : new Date(span.to),
          source: span.source,
        }));
      if (resolved.length > 0) byAsset.set(assetId, resolved);
    }
    return byAsset;
  }

  /** The driver of each item (an asset at a moment), in the order given: one query for them all. */
  async labelsFor(scope: TenantScope, items: readonly DriverMoment[]): Promise<DriverLabel[]> {
    if (items.length === 0) return [];
    let [first, last] = [Infinity, -Infinity];
    for (const { at } of items) [first, last] = [Math.min(first, at.getTime()), Math.max(last, at.getTime())];
    const from = new Date(first);
    const to = new Date(last + 1);
    const spans = await this.spansFor(
      scope,
      items.map((item) => item.assetId),
      from,
      to,
    );
    return items.map(({ assetId, at }) => {
      const span = spanAt(spans.get(hexOf(assetId)) ?? [], at.getTime());
      return span ? { driverId: span.driverId, driverName: span.driverName } : NO_DRIVER;
    });
  }

  /**
   * The items with the driver of each one's moment added (`driverId`, `driverName`; null when
   * none, or when `moment` gives none): one query for the whole page.
   */
  async withDrivers<T extends object>(scope: TenantScope, items: readonly T[], moment: (item: T) => DriverMoment | null): Promise<Array<T & DriverLabel>> {
    const moments = items.map(moment);
    const known = moments.filter((m): m is DriverMoment => m !== null);
    const labels = await this.labelsFor(scope, known);
    let next = 0;
    return items.map((item, i) => ({ ...item, ...(moments[i] ? labels[next++] : NO_DRIVER) }));
  }

  private async namesOf(scope: TenantScope, stored: readonly Stored<DriverAssignment>[]): Promise<Map<string, string>> {
    const driverIds = [...new Set(stored.map((assignment) => assignment.driverId.toHexString()))];
    if (driverIds.length === 0) return new Map();
    const drivers = await this.drivers.findByIds(scope, driverIds);
    return new Map(drivers.map((driver) => [driver._id.toHexString(), driverNameOf(driver)]));
  }
}

function groupedByAsset(stored: readonly Stored<DriverAssignment>[]): Map<string, StoredSpan[]> {
  const groups = new Map<string, StoredSpan[]>();
  for (const assignment of stored) {
    const key = assignment.assetId.toHexString();
    const group = groups.get(key);
    if (group) group.push(storedSpan(assignment));
    else groups.set(key, [storedSpan(assignment)]);
  }
  return groups;
}
