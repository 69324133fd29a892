import { Injectable } from '@nestjs/common';
import { Model, Types } from 'mongoose';
import { DataMigration, type DataMigrationPass, InjectUnscopedModel, migrateInRounds } from '@app/database';
import { driverSearchKeys } from './driver-search-keys';
import { Driver } from './schemas/driver.schema';

const BATCH = 500;

type KeylessDriver = { _id: Types.ObjectId; clientId: Types.ObjectId; firstName?: string; lastName?: string; city?: string | null };

/**
 * Drivers written before the list's search keys existed (the spreadsheet import of the first
 * release) have no `nameKey`: `q` and `city` would never find them. At boot, in the background,
 * until a boot finds none left (`DataMigrations`), each such driver gets the keys its own fields give; a driver edited meanwhile
 * already has them and is left alone. Idempotent: a second run finds nothing.
 */
@Injectable()
@DataMigration({ name: 'drivers.search-keys', leftUndone: 'Search keys of old drivers not written' })
export class DriverSearchKeysBackfill implements DataMigrationPass {
  constructor(
    // Every client's drivers, once: the one unscoped access of this domain (a data migration).
    @InjectUnscopedModel(Driver) private readonly allClientsDrivers: Model<Driver>,
  ) {}

  /** Gives every driver without search keys its keys; answers how many were written. */
  run(): Promise<number> {
    return migrateInRounds(
      BATCH,
      (limit) => this.keyless(limit),
      (drivers) => this.writeKeys(drivers),
    );
  }

  private keyless(limit: number): Promise<KeylessDriver[]> {
    return this.allClientsDrivers
      .find({ nameKey: { $exists: false } }, { clientId: 1, firstName: 1, lastName: 1, city: 1 })
      .limit(limit)
      .lean<KeylessDriver[]>()
      .exec();
  }

  /** Each driver's keys from its own fields, unless it got them meanwhile; answers how many were written. */
  private async writeKeys(drivers: KeylessDriver[]): Promise<number> {
    const updates = drivers.map((driver) => ({
      updateOne: { filter: { _id: driver._id, clientId: driver.clientId, nameKey: { $exists: false } }, update: { $set: driverSearchKeys(driver) } },
    }));
    const { modifiedCount } = await this.allClientsDrivers.bulkWrite(updates, { ordered: false });
    return modifiedCount;
  }
}
