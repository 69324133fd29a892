import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { drivingPeriod } from '../driving-period';
import { DrivingScores } from '../driving-scores.service';
import { DrivingScoresQueryDto } from './driving-scores-query.dto';
import { DrivingScoreView } from './driving-score.view';

const ids = (list: string | undefined) => (list ? [...new Set(list.split(','))] : undefined);

@ApiTags('driving')
@Controller('driving-scores')
export class DrivingScoresController {
  constructor(private readonly scores: DrivingScores) {}

  /**
   * The driving scores of the period: one row per asset (those asked, else every one the caller
   * sees with a tracker, at most 100), or per driver by who drove each asset when; every figure
   * behind each score and the harsh events that count (docs/driving.md).
   */
  @Get()
  @Authenticated({ permission: Permission.Reports })
  @ApiOkResponse({ type: DrivingScoreView, isArray: true, description: 'The rows, by asset in the order asked (else by name), or by driver name' })
  @ApiBadRequestResponse({ description: 'Unknown parameter, bad value, from after to, over 31 days, or over 100 assets (shape A)' })
  @ApiNotFoundResponse({ description: "An asset unknown, another client's, archived or outside the caller's trackers (shape A)" })
  async list(@Auth() auth: AuthContext, @Query() query: DrivingScoresQueryDto): Promise<DrivingScoreView[]> {
    const rows = await this.scores.rows(auth, {
      ...drivingPeriod(query.from, query.to),
      groupBy: query.groupBy ?? 'asset',
      assetIds: ids(query.assetIds),
      driverIds: ids(query.driverIds),
    });
    return rows.map(({ id, name, score, distanceKm, drivingSeconds, per100Km, speedingShare, idlingShare, eventIds }) => ({
      id,
      name,
      score,
      distanceKm,
      drivingSeconds,
      per100Km,
      speedingShare,
      idlingShare,
      eventIds,
    }));
  }
}
