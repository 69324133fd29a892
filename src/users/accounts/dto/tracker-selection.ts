import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { isObjectIdString } from '@app/formats';

/** At most this many trackers listed one by one (a larger fleet is given `'all'`). */
export const MAX_LISTED_TRACKERS = 1000;

/** Which trackers a user sees: every tracker of the client, present and future, or a list of ids. */
export type TrackerSelection = 'all' | string[];

export const TRACKER_SELECTION_SCHEMA = {
  oneOf: [
    { type: 'string', enum: ['all'] },
    { type: 'array', maxItems: MAX_LISTED_TRACKERS, uniqueItems: true, items: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } },
  ],
};

function isTrackerSelection(value: unknown): value is TrackerSelection {
  if (value === 'all') return true;
  if (!Array.isArray(value) || value.length > MAX_LISTED_TRACKERS || !value.every(isObjectIdString)) return false;
  return new Set(value.map((id) => id.toLowerCase())).size === value.length;
}

/** `'all'`, or distinct 24-hex tracker ids (at most 1000; an empty list sees no tracker). */
export function IsTrackerSelection(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ ...TRACKER_SELECTION_SCHEMA, description: "`'all'` (every tracker of the client, also future ones) or a list of tracker ids of the client" }),
    ValidateBy({
      name: 'isTrackerSelection',
      validator: {
        validate: isTrackerSelection,
        defaultMessage: () => `trackers must be 'all' or a list of at most ${MAX_LISTED_TRACKERS} distinct tracker ids (24 hexadecimal characters)`,
      },
    }),
  );
}
