import { Types } from 'mongoose';

/**
 * The records whose `_id` was made before `at`: an ObjectId starts with its time in seconds, and
 * so do the ids derived from a time (an event's, an alert's). A range on `_id`, which MongoDB
 * serves from the `_id` index (mongo-java-server scans: fine in a job, not on a request).
 */
export function idsBefore(at: Date): { _id: { $lt: Types.ObjectId } } {
  return { _id: { $lt: Types.ObjectId.createFromTime(Math.floor(at.getTime() / 1000)) } };
}
