import { Body, Controller, HttpCode, Post, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { TABLE_REPORT_CONTENT_TYPES } from '@app/reports';
import { DRIVING_REPORT_FORMATS, DrivingReportDto } from './driving-report.dto';
import { DrivingReportService } from './driving-report.service';

const FILE = {
  content: Object.fromEntries(DRIVING_REPORT_FORMATS.map((format) => [TABLE_REPORT_CONTENT_TYPES[format], { schema: { type: 'string', format: 'binary' } }])),
};

@ApiTags('reports')
@Controller('reports')
export class DrivingReportController {
  constructor(private readonly reports: DrivingReportService) {}

  /**
   * The driving report: one row per asset or driver with the figures of `GET /api/driving-scores`
   * (score, km, driving hours, harsh events per 100 km, speeding and idling shares, harsh events);
   * the period in the client's time zone, words in the caller's language. At most 100 assets and 31 days.
   */
  @Post('driving')
  @Authenticated({ permission: Permission.Reports })
  @HttpCode(200)
  @ApiOkResponse({
    description: 'The report file in the caller’s language, as an attachment (`informe-conduccion_<from>_<to>.<format>`; `driving-report_…` in English)',
    ...FILE,
  })
  @ApiBadRequestResponse({ description: 'Bad body, dates without offset, a period over 31 days or from after to, over 100 assets (shape A)' })
  @ApiNotFoundResponse({ description: "An asset unknown, another client's, archived or outside the caller's trackers (shape A)" })
  @ApiServiceUnavailableResponse({ description: 'PDF: the renderer (Chromium) is missing or stopped (shape B)' })
  async driving(@Auth() auth: AuthContext, @Body() body: DrivingReportDto): Promise<StreamableFile> {
    const file = await this.reports.build(auth, body);
    return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.body.length });
  }
}
