import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { DataMigrations, migrateInRounds } from '@app/database';
import { EventsOfTypes } from '../../events';
import { HARSH_TYPES } from '../driving-tally';
import { DrivingDay } from './driving-day.schema';
import { DrivingMonths } from './driving-months';

const BATCH = 1000;

/**
 * Rollups and harsh events stored before the months existed (`DrivingMonths`): at boot, in the
 * background, until a boot finds none left (`DataMigrations`), each day without `inMonth` is
 * copied into its month (its total is the whole day's, what the month had of it is written over)
 * and every harsh event entered in its month (by id: entering one twice changes nothing).
 */
@Injectable()
export class DrivingMonthsBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger(DrivingMonthsBackfill.name);

  constructor(
    @InjectModel(DrivingDay.name) private readonly days: Model<DrivingDay>,
    private readonly months: DrivingMonths,
    private readonly events: EventsOfTypes,
    private readonly migrations: DataMigrations,
  ) {}

  onApplicationBootstrap(): void {
    this.migrations.atBoot('driving.months', () => this.run(), this.logger, 'Driving months of older rollups not written');
  }

  /** Copies the days and harsh events the months lack; answers how many days and new entries were written. */
  async run(): Promise<number> {
    const days = await migrateInRounds(
      BATCH,
      (limit) =>
        this.days
          .find({ inMonth: { $exists: false } }, { hours: 0 })
          .limit(limit)
          .lean<DrivingDay[]>()
          .exec(),
      async (found) => {
        await this.months.restoreDays(found);
        const { modifiedCount } = await this.days.updateMany({ _id: { $in: found.map((day) => day._id) } }, { $set: { inMonth: true } });
        return modifiedCount;
      },
    );
    let entered = 0;
    for (let after: Types.ObjectId | null = null; ;) {
      const page = await this.events.page([...HARSH_TYPES.keys()], after, BATCH);
      if (page.length === 0) break;
      entered += await this.months.harshStored(page);
      after = page.at(-1)!._id;
    }
    if (days + entered > 0) this.logger.log(`Driving months: ${days} day(s) and ${entered} harsh event(s) written from before them`);
    return days + entered;
  }
}
