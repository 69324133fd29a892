import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { StopsReportDto } from '../dto/stops-report.dto';
import { StopsReportService } from './stops-report.service';
import { StopsReportView } from './stops-report.view';

@ApiTags('telemetry')
@Controller()
export class StopsReportController {
  constructor(private readonly stops: StopsReportService) {}

  /** Stops (standing still ≥ 5 min) and idling (ignition on while still ≥ 2 min) per asset, for at most 30 days. */
  @Post('reports/stops')
  @Authenticated({ permission: Permission.Reports })
  @HttpCode(200)
  @ApiOkResponse({ type: StopsReportView })
  @ApiBadRequestResponse({ description: 'Bad `assetIds` (1..500 ids), bad dates, `from` after `to`, or a range over 30 days (shape A)' })
  report(@Auth() auth: AuthContext, @Body() body: StopsReportDto): Promise<StopsReportView> {
    return this.stops.report(auth, body);
  }
}
