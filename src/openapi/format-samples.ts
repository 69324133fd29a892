import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * The one table of sample strings for the fields a generic sampler cannot fill: a string with a
 * `pattern` takes the first sample below that matches it and fits its length bounds (so a new
 * pattern needs a sample here only when none of these fits it; the examples test names it).
 * Specific formats come before the looser ones they would also match.
 */
const PATTERN_SAMPLES = [
  '665f1c2ab4d3e8a9f0c1d2e3', // an ObjectId (also a list of one, and an opaque cursor's alphabet)
  '7KQ3-M9XD', // a typed Crockford QR code
  '2026-11-15', // an ISO day
  '15/11/2026 08:30', // a fleet date with its time
  '15/11/2026', // a fleet date
  '#1E88E5', // an icon colour
  '+56 9 8765 4321', // a phone number
  '356938035643809', // an IMEI (15 digits)
  '4521', // a tracker's vendor id, a trip id
  'inv-2026-11-req-0001', // an idempotency key
];

/** What openapi-sampler writes for a string without a format. */
const GENERIC_SAMPLE = 'string';

/** Samples of string formats, where the sampler's own (a 2019 date, user@example.com) would do but read worse. */
const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2026-11-15T08:30:00.000Z',
  date: '2026-11-15',
  email: 'juana.perez@transportes-andes.cl',
};

/** Fields named as document ids (`id`, `assetId`, `groupIds`…), except those that name other ids. */
const DOCUMENT_ID_NAME = /^(?:id|[a-z][A-Za-z]*Ids?)$/;
const OTHER_ID_NAME = /^(?:request|ticket|field|option|criticalField|vendor|trip)Ids?$/;

/** An ObjectId for a string field (or the items of a list) named as a document id, with no pattern or format of its own. */
export function documentIdSample(name: string, schema: SchemaObject): string | undefined {
  const unconstrained = schema.type === 'string' && schema.pattern === undefined && schema.format === undefined && !schema.enum;
  return unconstrained && DOCUMENT_ID_NAME.test(name) && !OTHER_ID_NAME.test(name) ? PATTERN_SAMPLES[0] : undefined;
}

/**
 * A sample string for a schema with a pattern or a known format, or undefined when the sampler's
 * own does (a text field, whose pattern only refuses control characters, keeps the sampler's or
 * its `@example`).
 */
export function formatSample(schema: SchemaObject): string | undefined {
  if (schema.type !== 'string' || schema.enum) return undefined;
  const formatted = schema.format ? FORMAT_SAMPLES[schema.format] : undefined;
  if (schema.pattern === undefined) return formatted;
  const pattern = new RegExp(schema.pattern, 'u');
  if (!formatted && pattern.test(GENERIC_SAMPLE)) return undefined;
  return [...(formatted ? [formatted] : []), ...PATTERN_SAMPLES].find(
    (sample) => pattern.test(sample) && sample.length >= (schema.minLength ?? 0) && sample.length <= (schema.maxLength ?? Infinity),
  );
}
