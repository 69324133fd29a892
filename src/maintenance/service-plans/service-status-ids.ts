import { createHash } from 'node:crypto';
import { Types } from 'mongoose';

/** The largest status number an id holds (6 bytes). */
export const MAX_STATUS_NUMBER = 2 ** 48 - 1;

/** The first 6 bytes of every status id of a client: a hash of its id. */
export function statusIdPrefix(clientId: Types.ObjectId): Buffer {
  return createHash('sha256').update(`service-status|${clientId.toHexString()}`).digest().subarray(0, 6);
}

/**
 * The `_id` of a client's `number`th status: the client's 6-byte prefix, then the number in 6
 * bytes big-endian — so within a client, ids sort as the numbers do (newest first is `_id`
 * descending on MongoDB's index as well), and the newest ids can be listed from the count alone.
 */
export function serviceStatusId(clientId: Types.ObjectId, number: number, prefix = statusIdPrefix(clientId)): Types.ObjectId {
  if (!Number.isSafeInteger(number) || number < 0 || number > MAX_STATUS_NUMBER) throw new Error(`service status number out of range: ${number}`);
  const bytes = Buffer.alloc(12);
  prefix.copy(bytes, 0);
  bytes.writeUIntBE(number, 6, 6);
  return new Types.ObjectId(bytes);
}

/** The number of a client's status id, or null when the id is not one of the client's numbered ids. */
export function serviceStatusNumber(clientId: Types.ObjectId, id: Types.ObjectId, prefix = statusIdPrefix(clientId)): number | null {
  const bytes = Buffer.from(id.toHexString(), 'hex');
  return bytes.subarray(0, 6).equals(prefix) ? bytes.readUIntBE(6, 6) : null;
}
