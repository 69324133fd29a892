/** What a schedule's `params` may hold for each report, checked at creation and at each run. */

export const FLEET_PARAMS = { assetIds: "1 to 100 assets of the owner's, in service (checked at each run)" } as const;

/** `{assetIds}`: 1 to 100 distinct asset ids. */
export function assetIdsOnly(params: Record<string, unknown>): string | null {
  const unknown = Object.keys(params).filter((key) => key !== 'assetIds');
  if (unknown.length) return `params: unknown ${unknown.join(', ')} (this report takes assetIds)`;
  const ids = params.assetIds;
  if (
    !Array.isArray(ids) ||
    ids.length < 1 ||
    ids.length > 100 ||
    new Set(ids).size !== ids.length ||
    !ids.every((id) => typeof id === 'string' && /^[0-9a-fA-F]{24}$/.test(id))
  ) {
    return 'params.assetIds must be 1 to 100 distinct asset ids';
  }
  return null;
}

/** Unknown keys and non-string values of `params`, in words; null when they are fine. */
export function onlyStrings(params: Record<string, unknown>, allowed: Readonly<Record<string, string>>): string | null {
  const unknown = Object.keys(params).filter((key) => !Object.hasOwn(allowed, key));
  if (unknown.length) return `params: unknown ${unknown.join(', ')} (this report takes ${Object.keys(allowed).join(', ') || 'none'})`;
  const bad = Object.entries(params).filter(([, value]) => typeof value !== 'string' || value.length === 0 || value.length > 100);
  return bad.length ? `params.${bad[0][0]} must be a text of 1 to 100 characters` : null;
}
