import { IsIsoDay } from '@app/formats';

/** The report's period, both days included; `from` must not be after `to`. */
export class InvoiceReportDto {
  /** First day, `YYYY-MM-DD`. */
  @IsIsoDay()
  from: string;

  /** Last day, `YYYY-MM-DD`. */
  @IsIsoDay()
  to: string;
}
