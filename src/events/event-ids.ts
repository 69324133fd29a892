import { createHash } from 'node:crypto';
import { Types } from 'mongoose';

export const HOUR_S = 3600;
export const DAY_S = 86_400;

/**
 * An id made of a time (its first 4 bytes, as an ObjectId's are) and a digest of a key: the same
 * key gives the same id, and ids sort roughly by time.
 */
export function derivedId(seconds: number, key: string): Types.ObjectId {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.max(0, Math.floor(seconds)) >>> 0, 0);
  createHash('sha256').update(key).digest().copy(bytes, 4, 0, 8);
  return new Types.ObjectId(bytes);
}

/** An event's id: what it is, never when it was detected. */
export const eventId = (event: { assetId: Types.ObjectId; type: string; occurredAt: Date; geofenceId?: Types.ObjectId | null; subject?: string }) =>
  derivedId(event.occurredAt.getTime() / 1000, `${event.assetId}|${event.type}|${event.occurredAt.getTime()}|${event.geofenceId ?? ''}|${event.subject ?? ''}`);

/**
 * The index documents of a client's hour: part 0 first, then parts 1, 2… once each is full
 * (event-index-writer.ts). Part 0's id is the hour's as it was before parts existed.
 */
export const clientHourPartId = (clientId: Types.ObjectId, hourStart: number, part: number) =>
  derivedId(hourStart, `client|${clientId}|${hourStart}${part === 0 ? '' : `|${part}`}`);
export const clientHourId = (clientId: Types.ObjectId, hourStart: number) => clientHourPartId(clientId, hourStart, 0);
/** The index document of an asset's day. */
export const assetDayId = (assetId: Types.ObjectId, dayStart: number) => derivedId(dayStart, `asset|${assetId}|${dayStart}`);
