import { Body, Controller, HttpCode, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { TABLE_REPORT_CONTENT_TYPES } from '@app/reports';
import { FleetReportDto } from '../dto/fleet-report.dto';
import { FleetReportKind, FleetReportsService } from './fleet-reports.service';

const FILE = { content: Object.fromEntries(Object.values(TABLE_REPORT_CONTENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) };

@ApiTags('reports')
@Controller('reports')
export class FleetReportsController {
  constructor(private readonly reports: FleetReportsService) {}

  /**
   * The trip report: one row per trip (start and end time and address, distance, duration, max
   * speed, litres, cost), a total per asset and in all; PDF with the reports' cover page. At most
   * 100 assets and 31 days. `X-Report-Cache: hit|miss` says whether the file came from the cache.
   */
  @Post('trips')
  @Authenticated({ permission: Permission.Reports })
  @HttpCode(200)
  @ApiOkResponse({
    description: 'The report file in the caller’s language, as an attachment (`informe-viajes_<from>_<to>.<format>`; `trips-report_…` in English)',
    ...FILE,
  })
  @ApiBadRequestResponse({ description: 'Bad body, dates, a period over 31 days or from after to, or a PDF of over 35 000 rows (shape A)' })
  @ApiNotFoundResponse({ description: "An asset unknown, another client's, archived or outside the caller's trackers (shape A)" })
  @ApiServiceUnavailableResponse({ description: 'PDF: the renderer (Chromium) is missing or stopped (shape B)' })
  trips(@Auth() auth: AuthContext, @Body() body: FleetReportDto, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return this.answer(auth, 'trips', body, response);
  }

  /**
   * The fuel report: per asset distance, refuelled litres, expected litres (the trips' costs),
   * km/L, what the refuels cost, and their anomalies; a total row. Same body and limits.
   */
  @Post('fuel')
  @Authenticated({ permission: Permission.Fuel })
  @HttpCode(200)
  @ApiOkResponse({
    description: 'The report file in the caller’s language, as an attachment (`informe-combustible_<from>_<to>.<format>`; `fuel-report_…` in English)',
    ...FILE,
  })
  @ApiBadRequestResponse({ description: 'Bad body, dates, a period over 31 days or from after to, or a PDF of over 35 000 rows (shape A)' })
  @ApiNotFoundResponse({ description: "An asset unknown, another client's, archived or outside the caller's trackers (shape A)" })
  @ApiServiceUnavailableResponse({ description: 'PDF: the renderer (Chromium) is missing or stopped (shape B)' })
  fuel(@Auth() auth: AuthContext, @Body() body: FleetReportDto, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    return this.answer(auth, 'fuel', body, response);
  }

  private async answer(auth: AuthContext, kind: FleetReportKind, body: FleetReportDto, response: Response): Promise<StreamableFile> {
    const file = await this.reports.build(auth, kind, body);
    response.setHeader('X-Report-Cache', file.cached ? 'hit' : 'miss');
    return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.body.length });
  }
}
