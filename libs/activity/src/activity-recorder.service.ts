import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { AuthContext, RequestMeta } from '@app/auth';
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

export interface ActivityActorInput {
  clientId: Types.ObjectId;
  userId?: Types.ObjectId;
  name?: string;
  email?: string;
  credential?: string;
}

type StoredEvent = ActivityEvent & { _id: Types.ObjectId };

interface Pending {
  event: StoredEvent;
  done: (written: boolean) => void;
}

/**
 * Records activity events. Called after the change it describes has been written: a failure to
 * record is logged and swallowed, so it never loses or fails the user's change.
 *
 * Events recorded in the same event-loop turn are written together (one insertMany), so a busy
 * endpoint costs one round trip per batch rather than one per request; each caller still waits
 * until its own event is stored.
 */
@Injectable()
export class ActivityRecorder {
  private readonly logger = new Logger(ActivityRecorder.name);
  private pending: Pending[] = [];

  constructor(@InjectModel(ActivityEvent.name) private readonly events: Model<ActivityEvent>) {}

  /** An event by the authenticated caller. Returns the event id, or undefined if it could not be written. */
  record(auth: AuthContext, input: ActivityInput): Promise<Types.ObjectId | undefined> {
    const actor = { clientId: auth.clientId, userId: auth.userId, name: auth.name, email: auth.email, credential: auth.credential.kind };
    return this.recordFor(actor, auth.request, input);
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
    return new Promise((resolve) => {
      const item = { event, done: (written: boolean) => resolve(written ? event._id : undefined) };
      const problem = missingRequired(event);
      if (problem) return this.fail(item, new Error(problem));
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push(item);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    // Events are built above from typed input and checked by missingRequired, so they go to the
    // driver as they are: mongoose's insertMany costs a cast and validation, or with `lean` still
    // a setImmediate, per document (measured on the QR scan, bench/README.md).
    try {
      await this.events.collection.insertMany(batch.map((item) => item.event), { ordered: false });
      for (const item of batch) item.done(true);
    } catch (error) {
      // With ordered: false the others are written; each caller learns whether its own was.
      const writeErrors = (error as { writeErrors?: { index: number }[] }).writeErrors;
      const failed = new Set(writeErrors ? writeErrors.map((e) => e.index) : batch.map((_, index) => index));
      batch.forEach((item, index) => (failed.has(index) ? this.fail(item, error) : item.done(true)));
    }
  }

  private fail(item: Pending, error: unknown): void {
    this.logger.error(
      { err: error, requestId: item.event.requestId, action: item.event.action },
      `activity event ${item.event.action} could not be recorded: ${(error as Error).message}`,
    );
    item.done(false);
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

/** The schema's required fields, checked here because the events are inserted lean. */
function missingRequired(event: StoredEvent): string | undefined {
  if (!(event.clientId instanceof Types.ObjectId)) return 'clientId must be an ObjectId';
  for (const key of ['action', 'resourceType', 'summary'] as const) {
    if (typeof event[key] !== 'string' || event[key] === '') return `${key} is required`;
  }
  return undefined;
}
