import { Types } from 'mongoose';
import type { ActivityEvent } from '@app/activity';
import type { TenantQuery } from '@app/database';
import { badRequest } from '@app/errors';
import type { ActivityFilterDto } from './dto/activity-filter.dto';

/** The query of the list and export filters; `from` after `to` is a 400. */
export function activityQuery(filters: ActivityFilterDto): TenantQuery<ActivityEvent> {
  const query: TenantQuery<ActivityEvent> = {};
  if (filters.actorId) query['actor.userId'] = new Types.ObjectId(filters.actorId);
  if (filters.action) query.action = filters.action;
  if (filters.entityType) query.resourceType = filters.entityType;
  if (filters.entityId) query.resourceId = filters.entityId;
  const from = filters.from ? new Date(filters.from) : undefined;
  const to = filters.to ? new Date(filters.to) : undefined;
  if (from && Number.isNaN(from.getTime())) throw badRequest('from must be an ISO 8601 date-time');
  if (to && Number.isNaN(to.getTime())) throw badRequest('to must be an ISO 8601 date-time');
  if (from && to && from > to) throw badRequest('from must not be after to');
  if (from || to) query.occurredAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
  return query;
}
