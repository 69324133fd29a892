import { Permission } from '@app/auth';
import { VisitReportService } from '../../visits';
import { readWhole } from './read-whole';
import type { ReportSource } from './report-source';
import { assetIdsOnly, FLEET_PARAMS } from './source-params';

const VISIT_PARAMS = { ...FLEET_PARAMS, placeIds: "optional: only these places' visits, 1 to 500 of the owner's (checked at each run)" } as const;

/** `{assetIds, placeIds?}`: the fleet reports' assets, and 1 to 500 distinct place ids if any. */
function visitParams(params: Record<string, unknown>): string | null {
  const { placeIds, ...rest } = params;
  const assets = assetIdsOnly(rest);
  if (assets) return assets.replace('(this report takes assetIds)', '(this report takes assetIds, placeIds)');
  if (placeIds === undefined) return null;
  const valid =
    Array.isArray(placeIds) &&
    placeIds.length >= 1 &&
    placeIds.length <= 500 &&
    new Set(placeIds).size === placeIds.length &&
    placeIds.every((id) => typeof id === 'string' && /^[0-9a-fA-F]{24}$/.test(id));
  return valid ? null : 'params.placeIds must be 1 to 500 distinct place ids';
}

/**
 * The visit report on a schedule (docs/places.md, "The visit report"): the period's visits of the assets, at
 * the places if named; `access_places` like the report on demand.
 */
export function visitsSource(visits: VisitReportService): ReportSource {
  return {
    name: 'visits',
    permission: Permission.Places,
    formats: ['xlsx', 'pdf', 'csv'],
    params: VISIT_PARAMS,
    checkParams: visitParams,
    build: async (auth, params, period, format) => {
      // The report reads its dates in the client's zone: the period, shown there.
      const at = (moment: typeof period.from) => moment.setZone(auth.client.timeZone).toFormat('dd/MM/yyyy HH:mm:ss');
      const file = await visits.build(auth, {
        assetIds: params.assetIds as string[],
        ...(params.placeIds !== undefined && { placeIds: params.placeIds as string[] }),
        from: at(period.from),
        to: at(period.to),
        format,
      });
      return { fileName: file.fileName, contentType: file.contentType, body: await readWhole(file.body), rows: file.rows };
    },
  };
}
