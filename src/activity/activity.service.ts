import { Injectable } from '@nestjs/common';
import { finished, type Readable } from 'node:stream';
import { ActivityEvent, ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { InjectRepository, Page, Stored, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import { ActivityEventView, toActivityEventView } from './activity-event.view';
import { activityQuery } from './activity-filter';
import { ExportActivityQueryDto, ListActivityQueryDto } from './dto/activity-filter.dto';
import { activityCsv, activityWorkbook } from './export/activity-export.writers';

/** The most events one export holds; more is a 400 asking to narrow the filters. */
export const MAX_EXPORT_EVENTS = 100_000;

const EXPORT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

@Injectable()
export class ActivityService {
  constructor(
    @InjectRepository(ActivityEvent) private readonly events: TenantRepository<ActivityEvent>,
    private readonly activity: ActivityRecorder,
  ) {}

  /** One event of the caller's client; unknown, malformed and foreign ids are all 404. */
  async get(auth: AuthContext, id: string): Promise<ActivityEventView> {
    return toActivityEventView(await this.events.findByIdOrFail(auth, id, 'Activity event'));
  }

  /** A page of the client's events, newest first. */
  list(auth: AuthContext, query: ListActivityQueryDto): Promise<Page<Stored<ActivityEvent>>> {
    return this.events.list(auth, activityQuery(query), { limit: query.limit, cursor: query.cursor }, { sortBy: 'occurredAt' });
  }

  /** The filtered events as a CSV or .xlsx stream, newest first; counted first, so over 100 000 is a 400 before any byte. */
  async export(auth: AuthContext, query: ExportActivityQueryDto): Promise<{ body: Readable; fileName: string; contentType: string; count: number }> {
    const filter = activityQuery(query);
    const count = await this.events.count(auth, filter);
    if (count > MAX_EXPORT_EVENTS) {
      throw badRequest(`The export would hold ${count} events; at most ${MAX_EXPORT_EVENTS}: narrow it with from and to, action, entityType or actorId.`);
    }
    const format = query.format ?? 'csv';
    const events = await this.events.stream(auth, filter, { sort: { occurredAt: -1, _id: -1 }, limit: MAX_EXPORT_EVENTS });
    const body = format === 'csv' ? activityCsv(events) : activityWorkbook(events);
    // Recorded once the file is sent, so that the export's own event is never in it.
    finished(body, (error) => {
      void this.activity.record(auth, {
        action: 'activity_log.export',
        resourceType: 'activity_log',
        summary: `Activity log exported as ${format}: ${count} events${error ? ' (the download broke off)' : ''}`,
        details: { format, count, completed: !error, filters: { ...query, format: undefined } },
      });
    });
    const day = new Date().toISOString().slice(0, 10);
    return { body, fileName: `activity-log_${day}.${format}`, contentType: EXPORT_TYPES[format], count };
  }
}
