import type { ModelDefinition } from '@nestjs/mongoose';
import { Schema } from 'mongoose';

/** How long a change log keeps an entry: an index further behind than that is built whole anyway. */
const KEPT_SECONDS = 86_400;

/**
 * The model of a `ClientIndex`'s change log (`{_id: "<clientId>:<version>", ids, at}`: the records
 * each version of a client's counter changed), under its own name and collection. A schema of its
 * own for each, built here, rather than a class per kind of record.
 */
export function clientChangeLog(name: string, collection: string): ModelDefinition {
  const schema = new Schema({ _id: String, ids: { type: [String], required: true }, at: { type: Date, required: true } }, { collection, versionKey: false });
  schema.index({ at: 1 }, { expireAfterSeconds: KEPT_SECONDS });
  return { name, schema };
}
