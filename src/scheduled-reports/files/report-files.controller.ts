import { Controller, Get, Param, StreamableFile } from '@nestjs/common';
import { ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@app/auth';
import { ReportFileDownloads } from './report-file-downloads';

@ApiTags('scheduled-reports')
@Controller('report-files')
export class ReportFilesController {
  constructor(private readonly downloads: ReportFileDownloads) {}

  /**
   * Downloads a scheduled report's file mailed as a link (a file over MAIL_ATTACHMENT_MAX_BYTES).
   * No sign-in: the link's token (256 random bits, kept only as its hash) is the credential, for
   * seven days.
   */
  @Get(':token')
  @Public()
  @ApiOkResponse({ description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ description: 'No file for this link (shape A)' })
  @ApiGoneResponse({ description: '`REPORT_LINK_EXPIRED`: the link is past its seven days (shape A)' })
  async download(@Param('token') token: string): Promise<StreamableFile> {
    const file = await this.downloads.open(token);
    return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.bytes });
  }
}
