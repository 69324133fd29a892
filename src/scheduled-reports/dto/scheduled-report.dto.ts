import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';

import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsObject, Matches, Max, Min } from 'class-validator';
import { IsObjectIdString, IsTimeZone } from '@app/formats';
import { PageQueryDto, StrictBody, ValidateNestedObject, ValidateText, WhenSent } from '@app/http';
import { FREQUENCIES, type Frequency } from '../schedule/report-schedule';
import { REPORT_FORMATS, REPORT_NAMES, type ReportFormat, type ReportName } from '../sources/report-source';

/** Addresses and users one schedule mails, at most. */
export const MAX_RECIPIENTS = 20;

@StrictBody()
export class ReportScheduleDto {
  @ApiProperty({ enum: FREQUENCIES })
  @IsIn(FREQUENCIES, { message: `frequency must be one of ${FREQUENCIES.join(', ')}` })
  frequency: Frequency;

  /**
   * Local time of the run, `HH:mm` (24 h).
   * @example "07:00"
   */
  @Matches(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time must be HH:mm (00:00 to 23:59)' })
  time: string;

  /** Weekly: the day, 1 (Monday) to 7 (Sunday); required for weekly, refused otherwise. */
  @WhenSent({ nullable: true })
  @IsInt()
  @Min(1)
  @Max(7)
  dayOfWeek?: number | null;

  /** Monthly: the day, 1 to 31 (a shorter month runs on its last day); required for monthly, refused otherwise. */
  @WhenSent({ nullable: true })
  @IsInt()
  @Min(1)
  @Max(31)
  dayOfMonth?: number | null;

  /**
   * An IANA time zone (default: the client's).
   * @example "America/Santiago"
   */
  @WhenSent()
  @IsTimeZone()
  timeZone?: string;
}

@StrictBody()
export class ReportRecipientsDto {
  /** Addresses mailed the report. */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_RECIPIENTS)
  @ArrayUnique()
  @IsEmail({}, { each: true, message: 'emails must be e-mail addresses' })
  emails?: string[];

  /** Users of the client mailed the report (at their sign-in address). */
  @WhenSent()
  @IsArray()
  @ArrayMaxSize(MAX_RECIPIENTS)
  @ArrayUnique()
  @IsObjectIdString({ each: true })
  userIds?: string[];
}

@StrictBody()
export class CreateScheduledReportDto {
  /** @example "Viajes de ayer" */
  @ValidateText({ max: 200 })
  name: string;

  @ApiProperty({ enum: REPORT_NAMES })
  @IsIn(REPORT_NAMES, { message: `report must be one of ${REPORT_NAMES.join(', ')}` })
  report: ReportName;

  /** The report's own parameters (docs/reports.md lists each report's); `{}` by default. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @WhenSent()
  @IsObject()
  params?: Record<string, unknown>;

  @ApiProperty({ enum: REPORT_FORMATS })
  @IsIn(REPORT_FORMATS, { message: `format must be one of ${REPORT_FORMATS.join(', ')}` })
  format: ReportFormat;

  @ValidateNestedObject(() => ReportScheduleDto)
  schedule: ReportScheduleDto;

  @ValidateNestedObject(() => ReportRecipientsDto)
  recipients: ReportRecipientsDto;

  /** Off: no scheduled run (run now still works). Default on. */
  @WhenSent()
  @IsBoolean()
  enabled?: boolean;
}

/** The fields to change, at least one (null refused: every field has a value); the whole definition is checked again. */
@StrictBody()
export class UpdateScheduledReportDto extends PartialType(CreateScheduledReportDto, { skipNullProperties: false }) {}

@StrictBody()
export class ListScheduledReportsDto extends PageQueryDto {}

@StrictBody()
export class ListReportRunsDto extends PageQueryDto {}
