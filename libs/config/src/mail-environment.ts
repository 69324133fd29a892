import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUrl, Min, MinLength } from 'class-validator';
import { emptyAsUnset, url } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** Outgoing mail: the SMTP server, the sender, attachments and the links that replace large ones. */
export function withMailEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class MailEnvironment extends Base {
    /**
     * The SMTP server mail goes through: `smtp://user:pass@host:port` or `smtps://…` (a pooled
     * transport). Unset outside production with the embedded database: a demo stand-in that keeps
     * each mail as an `.eml` file under `{DATA_DIR}/mail/`; unset otherwise: mail is not sent.
     */
    @Transform(emptyAsUnset)
    @IsOptional()
    @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] })
    SMTP_URL?: string;

    /** The sender of every mail. */
    @IsString()
    @MinLength(3)
    MAIL_FROM = 'Fleet <alerts@fleet.localhost>';

    /** The largest file a mail carries as an attachment (many SMTP relays refuse more than 10 MB); larger: a link. */
    @Type(() => Number)
    @IsInt()
    @Min(1024)
    MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

    /**
     * The API's own base URL as a mail's reader reaches it: a scheduled report too large to attach
     * is mailed as a link `{API_URL}/api/report-files/{token}`. Unset: `http://localhost:<the port
     * the app listens on>`, fit for a demo on one machine only.
     */
    @Transform(({ value }: { value: unknown }) =>
      value === undefined || value === '' ? undefined : typeof value === 'string' ? value.replace(/\/+$/, '') : value,
    )
    @IsOptional()
    @IsUrl(url)
    API_URL?: string;
  }
  return MailEnvironment;
}
