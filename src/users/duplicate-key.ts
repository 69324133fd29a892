const DUPLICATE_KEY = 11000;

/** A write refused by a unique index: the role name within a client, the user's email. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;
}
