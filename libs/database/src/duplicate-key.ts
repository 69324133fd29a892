import { mongo } from 'mongoose';
import { DomainException, ErrorCode } from '@app/errors';

const DUPLICATE_KEY = 11000;

/** A write refused by a unique index (E11000): the caller answers a conflict, or draws again. */
export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof mongo.MongoServerError && error.code === DUPLICATE_KEY;
}

/**
 * The positions of the documents an unordered `insertMany` refused as duplicates, when every
 * refusal was one (the others were inserted); null when anything else failed.
 */
export function duplicateKeyIndexes(error: unknown): Set<number> | null {
  if (!(error instanceof mongo.MongoBulkWriteError)) return null;
  const writeErrors = (Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors]) as Array<{ code?: unknown; index: number }>;
  if (writeErrors.length === 0 || writeErrors.some((writeError) => writeError.code !== DUPLICATE_KEY)) return null;
  return new Set(writeErrors.map((writeError) => writeError.index));
}

/** Rethrows an insert's error unless every write it refused was a duplicate key (what is already there stays). */
export function unlessOnlyDuplicates(error: unknown): void {
  if (error instanceof mongo.MongoBulkWriteError ? duplicateKeyIndexes(error) : isDuplicateKeyError(error)) return;
  throw error;
}

/**
 * A write's `.catch`: a refusal by a unique index becomes the caller's own error (a 409 naming what
 * is taken); `conflict` answers undefined when that duplicate is not the caller's to name, and the
 * refusal is rethrown as it came, like every other error.
 */
export function duplicateKeyAs(conflict: () => Error | undefined): (error: unknown) => never {
  return (error) => {
    throw (isDuplicateKeyError(error) && conflict()) || error;
  };
}

/**
 * `duplicateKeyAs` for a record's unique `externalId`: a 409 naming the id ("already another
 * place's"); a write without one was refused by another index, and that refusal goes on as it came.
 */
export function externalIdTakenAs(kind: string, externalId: string | null | undefined): (error: unknown) => never {
  return duplicateKeyAs(() =>
    externalId
      ? new DomainException(ErrorCode.Conflict, `externalId "${externalId}" is already another ${kind}'s: each ${kind}'s externalId is unique`)
      : undefined,
  );
}
