import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import type { EnvironmentBase } from './environment-area';

/** The retention periods of the records that grow with use, one variable each. */
export function withRetentionEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class RetentionEnvironment extends Base {
    /**
     * How long records that grow with use are kept (docs/architecture.md, "Retention"), in days,
     * removed by an hourly job: a webhook delivery (body, attempts, its endpoint's log) after it was
     * made (30); a fleet event, with its entries in the events index, after it occurred (396, 13
     * months: a year's comparison and its month); an inbox entry after its alert's event or its
     * notice (180); the record of a sent mail, within which a cause told again never mails again (90).
     * A delivery is kept at least the 4 days its retry schedule may take.
     */
    @Type(() => Number)
    @IsInt()
    @Min(4)
    @Max(3650)
    WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(3650)
    EVENT_RETENTION_DAYS = 396;

    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(3650)
    INBOX_RETENTION_DAYS = 180;

    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(3650)
    SENT_MAIL_RETENTION_DAYS = 90;

    /** How long a mailed report link downloads its file, in days (7); the file goes a day after. */
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(365)
    REPORT_FILE_RETENTION_DAYS = 7;
  }
  return RetentionEnvironment;
}
