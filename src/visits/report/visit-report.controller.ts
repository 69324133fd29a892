import { Body, Controller, HttpCode, Post, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { TABLE_REPORT_CONTENT_TYPES } from '@app/reports';
import { VisitReportDto } from './visit-report.dto';
import { VisitReportService } from './visit-report.service';

const FILE = { content: Object.fromEntries(Object.values(TABLE_REPORT_CONTENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) };

@ApiTags('reports')
@Controller('reports')
export class VisitReportController {
  constructor(private readonly reports: VisitReportService) {}

  /**
   * The visit report: one row per visit of the assets asked that overlaps the period (asset,
   * plate, place, arrived, departed, dwell in minutes), a total row per place and per asset, and
   * in all; dates in the client's time zone, words in the caller's language. At most 100 assets,
   * 500 places and 31 days. A place's report: permission `access_places`.
   */
  @Post('visits')
  @Authenticated({ permission: Permission.Places })
  @HttpCode(200)
  @ApiOkResponse({
    description: 'The report file in the caller’s language, as an attachment (`informe-visitas_<from>_<to>.<format>`; `visits-report_…` in English)',
    ...FILE,
  })
  @ApiBadRequestResponse({ description: 'Bad body, dates, a period over 31 days or from after to, or a PDF of over 35 000 rows (shape A)' })
  @ApiNotFoundResponse({
    description: "An asset unknown, another client's, archived or outside the caller's trackers, or a place unknown or another client's (shape A)",
  })
  @ApiServiceUnavailableResponse({ description: 'PDF: the renderer (Chromium) is missing or stopped (shape B)' })
  async visits(@Auth() auth: AuthContext, @Body() body: VisitReportDto): Promise<StreamableFile> {
    const file = await this.reports.build(auth, body);
    return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.body.length });
  }
}
