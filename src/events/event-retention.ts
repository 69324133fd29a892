import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { AppConfig } from '@app/config';
import { idsBefore, InjectUnscopedModel } from '@app/database';
import { Retention } from '@app/jobs';
import { DAY_S } from './event-ids';
import { FleetEvent } from './schemas/fleet-event.schema';
import { FleetEventIndex } from './schemas/fleet-event-index.schema';

/**
 * Fleet events are kept EVENT_RETENTION_DAYS after they occurred (their `_id` starts with that
 * time), every client's removed in one delete by the retention job; then the index documents of
 * the hours and days that ended before them (their `_id`s start with their hour's or day's
 * start, so a day more), all their parts. An index entry whose event is already gone is skipped by
 * readers, as after a crash.
 */
@Injectable()
export class FleetEventRetention implements OnModuleInit {
  constructor(
    // Every client's old events: the retention's one delete across clients.
    @InjectUnscopedModel(FleetEvent) private readonly allEvents: Model<FleetEvent>,
    @InjectModel(FleetEventIndex.name) private readonly index: Model<FleetEventIndex>,
    private readonly retention: Retention,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.retention.keep('fleet events', this.config.retentionMs('EVENT_RETENTION_DAYS'), async (before, lease) => {
      const events = await this.allEvents.deleteMany(idsBefore(before)).exec();
      lease.assertHeld();
      await this.index.deleteMany(idsBefore(new Date(before.getTime() - DAY_S * 1000))).exec();
      return events.deletedCount;
    });
  }
}
