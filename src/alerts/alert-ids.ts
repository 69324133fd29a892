import { createHash } from 'node:crypto';
import { Types } from 'mongoose';

/** An id made of a time (its first 4 bytes, as an ObjectId's) and a digest of a key: the same key, the same id. */
function derivedId(seconds: number, key: string): Types.ObjectId {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.max(0, Math.floor(seconds)) >>> 0, 0);
  createHash('sha256').update(key).digest().copy(bytes, 4, 0, 8);
  return new Types.ObjectId(bytes);
}

/** An alert: one per rule and opening event, whatever the retries, replays or instances. */
export const alertId = (ruleId: Types.ObjectId, event: { _id: Types.ObjectId; occurredAt: Date }) =>
  derivedId(event.occurredAt.getTime() / 1000, `alert|${ruleId}|${event._id}`);

/** An alert's entry in its recipients' inboxes. */
export const alertNotificationId = (alert: { _id: Types.ObjectId; occurredAt: Date }) =>
  derivedId(alert.occurredAt.getTime() / 1000, `notification|${alert._id}`);

/** The cooldown of a rule on an asset. */
export const cooldownId = (ruleId: Types.ObjectId, assetId: Types.ObjectId) => derivedId(0, `cooldown|${ruleId}|${assetId}`);

/** A keyed system notice in its recipients' inboxes: the same key and time, the same entry. */
export const systemNoticeId = (key: string, at: Date) => derivedId(at.getTime() / 1000, `system|${key}`);
