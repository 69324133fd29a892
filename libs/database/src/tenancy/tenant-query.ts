import type { Condition, Types } from 'mongoose';

/**
 * A query of the tenant repository: the client is added by the repository, never written by the
 * caller, so `clientId` has the type `never` here and in every `$and`/`$or`/`$nor` branch. Unlike
 * mongoose's `FilterQuery`, it has no open `[key: string]` index (which would let any key through):
 * a record's own fields, `_id`, the logical operators, and dotted paths into sub-documents
 * (`'actor.userId'`), which cannot name the record's client.
 */
export type TenantQuery<T> = { [P in Exclude<keyof T, 'clientId'>]?: Condition<T[P]> } & {
  _id?: Condition<Types.ObjectId | string>;
  $and?: Array<TenantQuery<T>>;
  $or?: Array<TenantQuery<T>>;
  $nor?: Array<TenantQuery<T>>;
  clientId?: never;
  [path: `${string}.${string}`]: unknown;
};

/**
 * What the repository's methods ask of a filter's type beside `TenantQuery`: that it names its
 * keys. A filter typed as an open record (`Record<string, unknown>`) could hold `clientId` unseen
 * by the compiler, so it is refused with this message; build it as a `TenantQuery<T>` instead.
 */
export type ClosedQuery<Q> = string extends keyof Q ? { 'type the filter as TenantQuery<T>: an open record could name clientId': never } : unknown;
