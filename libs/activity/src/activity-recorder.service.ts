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

interface Pending {
  event: ActivityEvent & { _id: Types.ObjectId };
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
    const event = {
      _id: new Types.ObjectId(),
      clientId,
      actor: who,
      action: input.action,
      resourceType: input.resourceType,
      resourceId: input.resourceId === undefined ? undefined : String(input.resourceId),
      summary: input.summary.slice(0, 1000),
      before: input.before,
      after: input.after,
      details: input.details,
      requestId: request.requestId,
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 512),
      occurredAt: new Date(),
    };
    return new Promise((resolve) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ event, done: (written) => resolve(written ? event._id : undefined) });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    // Cast and validated one by one first (Model.validate: no document is built), since
    // insertMany({ordered: false}) would skip an invalid event silently; the batch is then
    // inserted lean, so mongoose does not hydrate and validate it a second time.
    const checked = await Promise.all(
      batch.map((item) => this.events.validate(item.event).then((document: unknown) => ({ item, document }), (error: unknown) => ({ item, error }))),
    );
    const valid: Pending[] = [];
    const documents: unknown[] = [];
    for (const result of checked) {
      if ('error' in result) {
        this.fail(result.item, result.error);
      } else {
        valid.push(result.item);
        documents.push(result.document);
      }
    }
    if (valid.length === 0) return;
    try {
      await this.events.insertMany(documents, { ordered: false, lean: true });
      for (const item of valid) item.done(true);
    } catch (error) {
      // With ordered: false the others are written; each caller learns whether its own was.
      const writeErrors = (error as { writeErrors?: { index: number }[] }).writeErrors;
      const failed = new Set(writeErrors ? writeErrors.map((e) => e.index) : valid.map((_, index) => index));
      valid.forEach((item, index) => (failed.has(index) ? this.fail(item, error) : item.done(true)));
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
