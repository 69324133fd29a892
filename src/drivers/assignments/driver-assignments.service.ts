import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { InjectRepository, Page, PageRequest, Stored, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode, notFound } from '@app/errors';
import { AssetDirectory } from '@app/fleet';
import { Driver } from '../schemas/driver.schema';
import { DriverAssignments, driverNameOf } from './driver-assignments';
import { DriverAssignmentView, toDriverAssignmentView } from './driver-assignment.view';
import { CreateDriverAssignmentDto } from './dto/driver-assignment.dto';
import { DriverAssignment } from './schemas/driver-assignment.schema';

const FROM_NEWEST = { sortBy: 'from', direction: 'desc' } as const;
const endOf = (assignment: Pick<DriverAssignment, 'to'>) => assignment.to?.getTime() ?? Infinity;

/** Manual driver assignments (`/api/assets/{id}/driver-assignments`, `/api/drivers/{id}/assignments`). */
@Injectable()
export class DriverAssignmentsService {
  constructor(
    @InjectRepository(DriverAssignment) private readonly assignments: TenantRepository<DriverAssignment>,
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
    private readonly directory: AssetDirectory,
    private readonly activity: ActivityRecorder,
    private readonly labels: DriverAssignments,
  ) {}

  /**
   * Puts a driver at the wheel from `from` (now by default): an open manual assignment of the
   * asset that began before is closed at `from`; any other overlap with a manual one is a 409.
   */
  async create(auth: AuthContext, assetId: string, body: CreateDriverAssignmentDto): Promise<DriverAssignmentView> {
    const asset = await this.directory.findAssetInServiceOrFail(auth, assetId);
    const driver = await this.activeDriver(auth, body.driverId);
    const from = body.from === undefined ? new Date() : new Date(body.from);
    const to = body.to === undefined ? null : new Date(body.to);
    if (to && to <= from) throw badRequest('to must be after from', [{ path: 'to', message: 'to must be after from' }]);
    const manual = await this.assignments.find(auth, { assetId: asset._id, source: 'manual' });
    const open = manual.find((assignment) => assignment.to === null && assignment.from < from);
    const end = to?.getTime() ?? Infinity;
    const overlapping = manual.find((other) => other !== open && other.from.getTime() < end && endOf(other) > from.getTime());
    if (overlapping) throw overlap(overlapping);
    if (open) {
      const closed = await this.assignments.updateRecord(auth, open, { $set: { to: from } }, { to: null });
      if (!closed) throw new DomainException(ErrorCode.Conflict, 'The open assignment changed meanwhile: try again.');
    }
    const created = await this.assignments.create(auth, { assetId: asset._id, driverId: driver._id, from, to, source: 'manual', userId: auth.userId });
    await this.labels.changed(auth.clientId);
    const view = toDriverAssignmentView(created, driverNameOf(driver));
    await this.activity.created(
      auth,
      { type: 'driver_assignment', id: created._id },
      `${view.driverName} assigned to ${asset.name}${open ? `, closing assignment ${open._id.toHexString()}` : ''}`,
      view,
    );
    return view;
  }

  /** Removes a manual assignment (telemetry's are the tracker's record: 409); the one before it stays as it is. */
  async delete(auth: AuthContext, assetId: string, assignmentId: string): Promise<{ id: string }> {
    const assignment = await this.assignments.findById(auth, assignmentId);
    if (!assignment || assignment.assetId.toHexString() !== assetId.toLowerCase()) throw notFound('Driver assignment');
    if (assignment.source !== 'manual')
      throw new DomainException(ErrorCode.Conflict, 'A telemetry assignment is the tracker’s record and cannot be deleted: add a manual one over its span.');
    await this.assignments.deleteRecords(auth, [assignment]);
    await this.labels.changed(auth.clientId);
    const before = toDriverAssignmentView(assignment, await this.nameOf(auth, assignment.driverId));
    await this.activity.deleted(auth, { type: 'driver_assignment', id: assignment._id }, `Assignment of ${before.driverName} removed`, before);
    return { id: assignment._id.toHexString() };
  }

  /** The asset's assignments (archived assets' too), newest `from` first. */
  async listOfAsset(auth: AuthContext, assetId: string, page: PageRequest): Promise<Page<DriverAssignmentView>> {
    const asset = Types.ObjectId.isValid(assetId)
      ? (await this.directory.findAssetsByIds(auth, [new Types.ObjectId(assetId)])).get(assetId.toLowerCase())
      : undefined;
    if (!asset) throw notFound('Asset');
    return this.withNames(auth, await this.assignments.list(auth, { assetId: asset._id }, page, FROM_NEWEST));
  }

  /** The driver's assignments (archived drivers' too) on the assets the caller may see, newest `from` first. */
  async listOfDriver(auth: AuthContext, driverId: string, page: PageRequest): Promise<Page<DriverAssignmentView>> {
    const driver = await this.drivers.findByIdOrFail(auth, driverId, 'Driver');
    const listed = await this.assignments.list(auth, { driverId: driver._id }, page, FROM_NEWEST);
    return { items: listed.items.map((assignment) => toDriverAssignmentView(assignment, driverNameOf(driver))), nextCursor: listed.nextCursor };
  }

  private async activeDriver(auth: AuthContext, driverId: string): Promise<Stored<Driver>> {
    const driver = await this.drivers.findByIdOrFail(auth, driverId, 'Driver');
    if (driver.archivedAt) {
      const message = `driverId: driver ${driverId} is archived; restore it (PATCH {"archived": false}) to assign it`;
      throw badRequest(message, [{ path: 'driverId', message }]);
    }
    return driver;
  }

  private async withNames(auth: AuthContext, page: Page<Stored<DriverAssignment>>): Promise<Page<DriverAssignmentView>> {
    const drivers = await this.drivers.findByIds(auth, [...new Set(page.items.map((item) => item.driverId.toHexString()))]);
    const names = new Map(drivers.map((driver) => [driver._id.toHexString(), driverNameOf(driver)]));
    return { items: page.items.map((item) => toDriverAssignmentView(item, names.get(item.driverId.toHexString()) ?? '')), nextCursor: page.nextCursor };
  }

  private async nameOf(auth: AuthContext, driverId: Types.ObjectId): Promise<string> {
    const driver = await this.drivers.findById(auth, driverId);
    return driver ? driverNameOf(driver) : '';
  }
}

function overlap(other: Stored<DriverAssignment>): DomainException {
  const span = `${other.from.toISOString()} – ${other.to ? other.to.toISOString() : 'open'}`;
  return new DomainException(ErrorCode.Conflict, `Overlaps assignment ${other._id.toHexString()} (${span}) of this asset`);
}
