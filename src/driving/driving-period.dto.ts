import { IsIsoInstant } from './driving-period';

/** The period of the driving scores and of their report, at most 31 days (drivingPeriod checks it). */
export class DrivingPeriodDto {
  /** Start, an ISO 8601 instant with offset. @example "2026-11-01T00:00:00-03:00" */
  @IsIsoInstant()
  from: string;

  /** End, an ISO 8601 instant with offset; at most 31 days after `from`. @example "2026-11-30T23:59:59-03:00" */
  @IsIsoInstant()
  to: string;
}
