import { mongo } from 'mongoose';

const DUPLICATE_KEY = 11000;

/** A write refused by a unique index (E11000): the caller answers a conflict, or draws again. */
export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof mongo.MongoServerError && error.code === DUPLICATE_KEY;
}
