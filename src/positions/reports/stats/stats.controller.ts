import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { AssetIdsDto } from '../dto/asset-ids.dto';
import { PositionStatsDto } from '../dto/position-stats.dto';
import { TemperatureStatsQueryDto } from '../dto/temperature-stats-query.dto';
import { PositionStatsService } from './position-stats.service';
import { PositionStatsView } from './position-stats.view';
import { TemperatureStatsService } from './temperature-stats.service';
import { TemperatureStatsView } from './temperature-stats.view';

@ApiTags('telemetry')
@Controller()
export class StatsController {
  constructor(
    private readonly positions: PositionStatsService,
    private readonly temperatures: TemperatureStatsService,
  ) {}

  /** Speeds, positions and distance per asset and over all of them, for at most 30 days. */
  @Post('positions/stats')
  @Authenticated({ permission: Permission.Reports })
  @HttpCode(200)
  positionStats(@Auth() auth: AuthContext, @Body() body: PositionStatsDto): Promise<PositionStatsView> {
    return this.positions.stats(auth, body);
  }

  /** Minimum, maximum and average temperature per sensor and per asset, for at most 30 days. */
  @Post('reports/temperature/stats')
  @Authenticated({ permission: Permission.Reports })
  @HttpCode(200)
  temperatureStats(@Auth() auth: AuthContext, @Query() query: TemperatureStatsQueryDto, @Body() body: AssetIdsDto): Promise<TemperatureStatsView> {
    return this.temperatures.stats(auth, query, body.assetIds);
  }
}
