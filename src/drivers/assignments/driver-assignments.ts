import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { InjectRepository, Stored, TenantQuery, TenantRepository, TenantScope } from '@app/database';
import { Driver } from '../schemas/driver.schema';
import { DriverAssignment } from './schemas/driver-assignment.schema';
import { DriverLabel, DriverSpan, NO_DRIVER, resolveSpans, spanAt, StoredSpan } from './driver-spans';

type AssetRef = string | Types.ObjectId;

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
  ) {}

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

  /** The span in force on the asset at `at`, or null. */
  async driverAt(scope: TenantScope, assetId: AssetRef, at: Date): Promise<DriverSpan | null> {
    const spans = await this.spansFor(scope, [assetId], at, new Date(at.getTime() + 1));
    return spanAt(spans.get(hexOf(assetId)) ?? [], at.getTime());
  }

  /** The driver of each item (an asset at a moment), in the order given: one query for them all. */
  async labelsFor(scope: TenantScope, items: ReadonlyArray<{ assetId: AssetRef; at: Date }>): Promise<DriverLabel[]> {
    if (items.length === 0) return [];
    const times = items.map((item) => item.at.getTime());
    const from = new Date(Math.min(...times));
    const to = new Date(Math.max(...times) + 1);
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
