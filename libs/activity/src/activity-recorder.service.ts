import { Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext, RequestMeta } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import { ActivityEvent } from './activity-event.schema';

export interface ActivityInput {
  action: string;
  resourceType: string;
  resourceId?: string | Types.ObjectId;
  summary: string;
  before?: unknown;
  after?: unknown;
  details?: Record<string, unknown>;
}

/** The resource a create, update or delete event is about: its type (also its actions' prefix, `place.create`) and id. */
export interface ActivityResource {
  type: string;
  id: string | Types.ObjectId;
}

/** What an import did: the counts of its rows, and the rows refused with why. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: unknown[];
}

export interface ActivityActorInput {
  clientId: Types.ObjectId;
  userId?: Types.ObjectId;
  name?: string;
  email?: string;
  credential?: string;
}

type StoredEvent = ActivityEvent & { _id: Types.ObjectId };

/**
 * Records activity events. Called after the change it describes has been written: a failure to
 * record is logged and swallowed, so it never loses or fails the user's change.
 *
 * Events recorded in the same event-loop turn are written together (the repository's batched
 * appender: one insertMany), so a busy endpoint costs one round trip per batch rather than one per request;
 * each caller still waits until its own event is stored.
 */
@Injectable()
export class ActivityRecorder {
  private readonly logger = new Logger(ActivityRecorder.name);
  private readonly inserts: ReturnType<TenantRepository<ActivityEvent>['batchedAppender']>;

  constructor(@InjectRepository(ActivityEvent) events: TenantRepository<ActivityEvent>) {
    this.inserts = events.batchedAppender();
  }

  /** An event by the authenticated caller. Returns the event id, or undefined if it could not be written. */
  record(auth: AuthContext, input: ActivityInput): Promise<Types.ObjectId | undefined> {
    const actor = { clientId: auth.clientId, userId: auth.userId, name: auth.name, email: auth.email, credential: auth.credential.kind };
    return this.recordFor(actor, auth.request, input);
  }

  /** `<type>.create`: the resource as created. */
  created(auth: AuthContext, resource: ActivityResource, summary: string, after: unknown): Promise<Types.ObjectId | undefined> {
    return this.record(auth, { action: `${resource.type}.create`, resourceType: resource.type, resourceId: resource.id, summary, after });
  }

  /** `<type>.update`: the resource before and after the change. */
  updated(auth: AuthContext, resource: ActivityResource, summary: string, before: unknown, after: unknown): Promise<Types.ObjectId | undefined> {
    return this.record(auth, { action: `${resource.type}.update`, resourceType: resource.type, resourceId: resource.id, summary, before, after });
  }

  /** `<type>.delete`: the resource as it was. */
  deleted(auth: AuthContext, resource: ActivityResource, summary: string, before: unknown): Promise<Types.ObjectId | undefined> {
    return this.record(auth, { action: `${resource.type}.delete`, resourceType: resource.type, resourceId: resource.id, summary, before });
  }

  /** `<type>.import`: an import's counts (`what`: "Places"), with the first 100 rows refused. */
  imported(auth: AuthContext, type: string, what: string, rows: number, result: ImportCounts): Promise<Types.ObjectId | undefined> {
    const { created, updated, unchanged, failed } = result;
    return this.record(auth, {
      action: `${type}.import`,
      resourceType: type,
      summary: `${what} import: ${created} created, ${updated} updated, ${unchanged} unchanged, ${failed.length} failed of ${rows} rows`,
      details: { rows, created, updated, unchanged, failed: failed.slice(0, 100) },
    });
  }

  recordFor(actor: ActivityActorInput, request: Partial<RequestMeta>, input: ActivityInput): Promise<Types.ObjectId | undefined> {
    const { clientId, ...who } = actor;
    const event: StoredEvent = withDefined(
      {
        _id: new Types.ObjectId(),
        clientId,
        actor: withDefined({}, who),
        action: input.action,
        resourceType: input.resourceType,
        summary: input.summary.slice(0, 1000),
        occurredAt: new Date(),
      },
      {
        resourceId: input.resourceId === undefined ? undefined : String(input.resourceId),
        before: input.before,
        after: input.after,
        details: input.details,
        requestId: request.requestId,
        ip: request.ip,
        userAgent: request.userAgent?.slice(0, 512),
      },
    );
    // Events are inserted as built (no mongoose validation), so the schema's required fields are checked here.
    const problem = missingRequired(event);
    if (problem) return Promise.resolve(this.fail(event, new Error(problem)));
    const { clientId: _client, ...document } = event;
    return this.inserts.insert({ clientId }, document).then(
      () => event._id,
      (error: unknown) => this.fail(event, error),
    );
  }

  private fail(event: StoredEvent, error: unknown): undefined {
    this.logger.error(
      { err: error, requestId: event.requestId, action: event.action },
      `activity event ${event.action} could not be recorded: ${(error as Error).message}`,
    );
    return undefined;
  }
}

/**
 * Adds the given values that are defined: what was not given is left out (as mongoose does)
 * rather than stored as null. Adding, not deleting, keeps the objects cheap to serialize.
 */
function withDefined<T extends object>(target: T, values: object): T {
  for (const [key, value] of Object.entries(values)) if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  return target;
}

/** The schema's required fields (the events reach the driver without mongoose's validation). */
function missingRequired(event: StoredEvent): string | undefined {
  if (!(event.clientId instanceof Types.ObjectId)) return 'clientId must be an ObjectId';
  for (const key of ['action', 'resourceType', 'summary'] as const) {
    if (typeof event[key] !== 'string' || event[key] === '') return `${key} is required`;
  }
  return undefined;
}
