import { isObjectIdString } from '@app/formats';

/** What a schedule's `params` may hold for each report, checked at creation and at each run. */

export const FLEET_PARAMS = { assetIds: "1 to 100 assets of the owner's, in service (checked at each run)" } as const;

/** The keys of `params` a report does not take, in words; null when there are none. */
export function unknownParams(params: Record<string, unknown>, allowed: Readonly<Record<string, string>>): string | null {
  const unknown = Object.keys(params).filter((key) => !Object.hasOwn(allowed, key));
  return unknown.length ? `params: unknown ${unknown.join(', ')} (this report takes ${Object.keys(allowed).join(', ') || 'none'})` : null;
}

/** 1 to `most` distinct ids of records. */
export function isIdList(value: unknown, most: number): boolean {
  return Array.isArray(value) && value.length >= 1 && value.length <= most && new Set(value).size === value.length && value.every(isObjectIdString);
}

/** `{assetIds}`: 1 to 100 distinct asset ids. */
export function assetIdsOnly(params: Record<string, unknown>): string | null {
  return unknownParams(params, FLEET_PARAMS) ?? (isIdList(params.assetIds, 100) ? null : 'params.assetIds must be 1 to 100 distinct asset ids');
}

/** Unknown keys and non-string values of `params`, in words; null when they are fine. */
export function onlyStrings(params: Record<string, unknown>, allowed: Readonly<Record<string, string>>): string | null {
  const bad = Object.entries(params).filter(([, value]) => typeof value !== 'string' || value.length === 0 || value.length > 100);
  return unknownParams(params, allowed) ?? (bad.length ? `params.${bad[0][0]} must be a text of 1 to 100 characters` : null);
}
