import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, Page, Stored, TenantQuery, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { Driver, identificationKeyIndexOf } from './schemas/driver.schema';
import { DriverKeys } from './telemetry/driver-keys';
import { DriverView, toDriverView } from './driver.view';
import { alreadyRegisteredReason, DriverImportRow, normalizeDriverRow, NormalizedDriver } from './import/driver-import-plan';
import { driverSearchFilter } from './driver-search';
import { driverSearchKeys, searchKey } from './driver-search-keys';
import { withoutUndefined } from './without-undefined';
import { CreateDriverDto, UpdateDriverDto } from './dto/driver-fields.dto';
import { ListDriversQueryDto } from './dto/list-drivers-query.dto';

const OPTIONAL_FIELDS = ['phone', 'email', 'address', 'city'] as const;

@Injectable()
export class DriversService {
  constructor(
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
    private readonly activity: ActivityRecorder,
    private readonly keys: DriverKeys,
  ) {}

  /** A driver of the caller's client, archived or not; unknown, malformed and foreign ids are all 404. */
  async get(auth: AuthContext, id: string): Promise<DriverView> {
    return toDriverView(await this.drivers.findByIdOrFail(auth, id, 'Driver'));
  }

  /** A page of the client's drivers, newest first. */
  list(auth: AuthContext, query: ListDriversQueryDto): Promise<Page<Stored<Driver>>> {
    const filter: TenantQuery<Driver> = {};
    const status = query.status ?? 'active';
    if (status === 'active') filter.archivedAt = null;
    if (status === 'archived') filter.archivedAt = { $ne: null };
    if (query.city) filter.cityKey = searchKey(query.city);
    if (query.q) Object.assign(filter, driverSearchFilter(query.q));
    return this.drivers.list(auth, filter, { limit: query.limit, cursor: query.cursor });
  }

  /** One driver, by the import row's rules; a RUT the client already has (archived drivers' too) is 409. */
  async create(auth: AuthContext, body: CreateDriverDto): Promise<DriverView> {
    const { identificationKey, ...fields } = body;
    const driver = this.normalized({ row: 2, ...fields });
    const key = identificationKey ? { identificationKey, identificationKeyIndex: identificationKeyIndexOf(auth.clientId, identificationKey) } : {};
    const created = await this.unlessRegistered(auth, driver.rut, () =>
      this.drivers.create(auth, { ...withoutUndefined(driver), ...key, userId: auth.userId }),
    );
    if (identificationKey) await this.keys.changed(auth.clientId);
    const view = toDriverView(created);
    await this.activity.created(auth, { type: 'driver', id: created._id }, `Driver ${driver.rut} created`, view);
    return view;
  }

  /** A partial edit; `null` clears an optional field, `archived` archives or restores. A RUT taken by another driver is 409. */
  async update(auth: AuthContext, id: string, body: UpdateDriverDto): Promise<DriverView> {
    if (Object.values(body).every((value) => value === undefined)) throw badRequest('Nothing to change: send at least one field.');
    const current = await this.drivers.findByIdOrFail(auth, id, 'Driver');
    const pick = <K extends (typeof OPTIONAL_FIELDS)[number]>(field: K) => (body[field] === undefined ? current[field] : (body[field] ?? undefined));
    const driver = this.normalized({
      row: 2,
      firstName: body.firstName ?? current.firstName,
      lastName: body.lastName ?? current.lastName,
      rut: body.rut ?? current.rut,
      ...Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field, pick(field)])),
    });
    const unset = Object.fromEntries(OPTIONAL_FIELDS.filter((field) => driver[field] === undefined).map((field) => [field, 1]));
    if (!driver.city) unset.cityKey = 1;
    const set: Record<string, unknown> = { ...withoutUndefined(driver), ...driverSearchKeys(driver), updatedAt: new Date() };
    if (body.archived === true && !current.archivedAt) set.archivedAt = new Date();
    if (body.archived === false) unset.archivedAt = 1;
    if (body.identificationKey)
      Object.assign(set, {
        identificationKey: body.identificationKey,
        identificationKeyIndex: identificationKeyIndexOf(auth.clientId, body.identificationKey),
      });
    else if (body.identificationKey !== undefined) Object.assign(unset, { identificationKey: 1, identificationKeyIndex: 1 });
    const updated = await this.unlessRegistered(auth, driver.rut, () => this.drivers.updateRecord(auth, current, { $set: set, $unset: unset }));
    if (!updated) throw badRequest('The driver changed while it was being edited: try again.');
    // Archiving or restoring a driver with a key changes what telemetry may assign, as a new key does.
    if (body.identificationKey !== undefined || (current.identificationKey && body.archived !== undefined)) await this.keys.changed(auth.clientId);
    const before = toDriverView(current);
    const after = toDriverView(updated);
    await this.activity.updated(auth, { type: 'driver', id: current._id }, `Driver ${after.rut} edited`, before, after);
    return after;
  }

  /** Archives the driver (history refers to it): it leaves the list and keeps its RUT. Archiving again changes nothing. */
  async archive(auth: AuthContext, id: string): Promise<{ id: string }> {
    const current = await this.drivers.findByIdOrFail(auth, id, 'Driver');
    if (!current.archivedAt) {
      const updated = await this.drivers.updateRecord(auth, current, { $set: { archivedAt: new Date(), updatedAt: new Date() } });
      if (current.identificationKey) await this.keys.changed(auth.clientId);
      await this.activity.record(auth, {
        action: 'driver.archive',
        resourceType: 'driver',
        resourceId: current._id,
        summary: `Driver ${current.rut} archived`,
        before: toDriverView(current),
        after: updated ? toDriverView(updated) : undefined,
      });
    }
    return { id: current._id.toHexString() };
  }

  /** The import row's rules: a problem with the RUT, email or phone is a 400 naming it. */
  private normalized(row: DriverImportRow): NormalizedDriver {
    const { driver, problems } = normalizeDriverRow(row);
    if (problems.length > 0)
      throw badRequest(
        problems.map((problem) => problem.message).join(' '),
        problems.map(({ field, message }) => ({ path: field, message })),
      );
    return driver;
  }

  /** Runs a write; the unique index `{clientId, rut}` refusing it is a 409 naming the driver that holds the RUT. */
  private async unlessRegistered<T>(auth: AuthContext, rut: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      if (isKeyTaken(error))
        throw new DomainException(ErrorCode.Conflict, 'identificationKey: another driver of the client has this key, archived ones included');
      const holder = await this.drivers.findOne(auth, { rut });
      const archived = holder?.archivedAt
        ? ` It belongs to an archived driver (${holder._id.toHexString()}): restore that one with PATCH {"archived": false}.`
        : '';
      throw new DomainException(ErrorCode.Conflict, `${alreadyRegisteredReason(rut)}${archived}`);
    }
  }
}

/** Whether a duplicate key error is the identification key's index (MongoDB names the key pattern; mongo-java-server, the index). */
function isKeyTaken(error: unknown): boolean {
  const { keyPattern, message } = error as { keyPattern?: Record<string, unknown>; message?: string };
  return Boolean(keyPattern?.identificationKeyIndex) || Boolean(message?.includes('identificationKeyIndex'));
}
