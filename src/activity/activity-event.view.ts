import { ApiProperty } from '@nestjs/swagger';
import type { ActivityEvent } from '@app/activity';
import type { Stored } from '@app/database';
import { orNull } from '@app/http';

export class ActivityActorView {
  /** The acting user; absent for events without a signed-in user. */
  userId?: string;
  name?: string;
  email?: string;
  /** How the actor authenticated: `session`, `api_token`, or `none` (a failed sign-in). */
  credential?: string;
}

/** The full detail of one activity event. */
export class ActivityEventView {
  id: string;
  clientId: string;
  actor: ActivityActorView;
  /** Dotted verb: `driver.import`, `user.password_change`, `auth.login`, … */
  action: string;
  resourceType: string;
  resourceId: string | null;
  summary: string;
  /** The resource before the change, where it applies. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  before: unknown;
  /** The resource after the change, where it applies. */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  after: unknown;
  /** Further facts of the event (counts, reasons). */
  details: Record<string, unknown> | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  occurredAt: Date;
}

export function toActivityEventView(event: Stored<ActivityEvent>): ActivityEventView {
  return {
    id: event._id.toHexString(),
    clientId: event.clientId.toHexString(),
    actor: {
      userId: event.actor?.userId?.toHexString(),
      name: event.actor?.name,
      email: event.actor?.email,
      credential: event.actor?.credential,
    },
    action: event.action,
    resourceType: event.resourceType,
    resourceId: event.resourceId ?? null,
    summary: event.summary,
    ...orNull(event, 'before', 'after', 'details', 'requestId', 'ip', 'userAgent'),
    occurredAt: event.occurredAt,
  };
}
