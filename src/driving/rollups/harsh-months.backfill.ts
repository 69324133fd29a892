import { Injectable } from '@nestjs/common';
import { DataMigration, type DataMigrationPass } from '@app/database';
import { EventsOfTypes } from '../../events';
import { HARSH_TYPES } from '../driving-tally';
import { DrivingMonths } from './driving-months';

const BATCH = 1000;

/**
 * Harsh events stored without their months (`DrivingMonths`): at boot, in the background, until a
 * boot finds none left (`DataMigrations`), every harsh event is entered in its month, by id (one
 * entered already changes nothing). The days' totals need no backfill: the closer copies every day
 * its month does not hold.
 */
@Injectable()
@DataMigration({ name: 'driving.harsh-months', leftUndone: 'Harsh events not entered in their months' })
export class HarshMonthsBackfill implements DataMigrationPass {
  constructor(
    private readonly months: DrivingMonths,
    private readonly events: EventsOfTypes,
  ) {}

  /** Enters the harsh events their months lack; answers how many entries changed. */
  async run(): Promise<number> {
    let entered = 0;
    await this.events.each([...HARSH_TYPES.keys()], BATCH, async (events) => void (entered += await this.months.harshStored(events)));
    return entered;
  }
}
