import { Permission } from '@app/auth';
import type { DrivingReportService } from '../../driving';
import { readWhole } from './read-whole';
import type { ReportSource } from './report-source';

const DRIVING_PARAMS = {
  assetIds: "optional: 1 to 100 assets of the owner's, in service (checked at each run); without it, every one the owner sees",
  driverIds: 'optional: 1 to 100 drivers; rows are then per driver',
  groupBy: 'optional: `asset` or `driver` (default `driver` with driverIds, else `asset`)',
} as const;

const idList = (value: unknown) =>
  Array.isArray(value) &&
  value.length >= 1 &&
  value.length <= 100 &&
  new Set(value).size === value.length &&
  value.every((id) => typeof id === 'string' && /^[0-9a-fA-F]{24}$/.test(id));

/** `{assetIds?, driverIds?, groupBy?}`: each optional, checked as the report on demand checks them. */
function drivingParams(params: Record<string, unknown>): string | null {
  const unknown = Object.keys(params).filter((key) => !Object.hasOwn(DRIVING_PARAMS, key));
  if (unknown.length) return `params: unknown ${unknown.join(', ')} (this report takes ${Object.keys(DRIVING_PARAMS).join(', ')})`;
  if (params.assetIds !== undefined && !idList(params.assetIds)) return 'params.assetIds must be 1 to 100 distinct asset ids';
  if (params.driverIds !== undefined && !idList(params.driverIds)) return 'params.driverIds must be 1 to 100 distinct driver ids';
  if (params.groupBy !== undefined && params.groupBy !== 'asset' && params.groupBy !== 'driver') return 'params.groupBy must be asset or driver';
  return null;
}

/** The driving report on a schedule (docs/driving.md, "The driving report"): `access_reports` like the report on demand. */
export function drivingSource(driving: DrivingReportService): ReportSource {
  return {
    name: 'driving',
    permission: Permission.Reports,
    formats: ['xlsx', 'pdf'],
    params: DRIVING_PARAMS,
    checkParams: drivingParams,
    build: async (auth, params, period, format) => {
      const file = await driving.build(auth, {
        ...(params.assetIds !== undefined && { assetIds: params.assetIds as string[] }),
        ...(params.driverIds !== undefined && { driverIds: params.driverIds as string[] }),
        ...(params.groupBy !== undefined && { groupBy: params.groupBy as 'asset' | 'driver' }),
        from: period.from.toISO()!,
        to: period.to.toISO()!,
        format: format as 'xlsx' | 'pdf',
      });
      return { fileName: file.fileName, contentType: file.contentType, body: await readWhole(file.body), rows: file.rows };
    },
  };
}
