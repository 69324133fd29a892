import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ClientIndex, InjectRepository, scopeOfClient, TenantQuery, TenantRepository } from '@app/database';
import { Driver, normalIdentificationKey } from '../schemas/driver.schema';
import { DriverKeyVersion } from '../schemas/driver-key-version.schema';

/** The active drivers of a client by their identification key (upper-case). */
export type ClientDriverKeys = ReadonlyMap<string, Types.ObjectId>;

/**
 * Each client's drivers' identification keys in memory, for the telemetry's driver key: a fix
 * that carries one is matched without a query. Rebuilt when the client's keys change (a driver
 * created, edited, archived or restored with a key), at once on this instance, within the read
 * cache's life on the others.
 */
@Injectable()
export class DriverKeys extends ClientIndex<ClientDriverKeys> {
  constructor(
    @InjectRepository(Driver) private readonly drivers: TenantRepository<Driver>,
    @InjectModel(DriverKeyVersion.name) versions: Model<DriverKeyVersion>,
    config: AppConfig,
  ) {
    super(versions, config);
  }

  /** The active driver with this key in the client, if any. */
  async driverOf(clientId: Types.ObjectId, key: string | number): Promise<Types.ObjectId | null> {
    return (await this.of(clientId)).get(normalIdentificationKey(key)) ?? null;
  }

  protected async build(clientId: Types.ObjectId): Promise<ClientDriverKeys> {
    // A client's drivers with a key: the filter scans the drivers on mongo-java-server, once per change of keys.
    const filter: TenantQuery<Driver> = { identificationKeyIndex: { $exists: true }, archivedAt: null };
    const drivers = await this.drivers.find(scopeOfClient(clientId), filter, { projection: { identificationKey: 1 } });
    return new Map(drivers.flatMap((driver) => (driver.identificationKey ? [[normalIdentificationKey(driver.identificationKey), driver._id]] : [])));
  }
}
