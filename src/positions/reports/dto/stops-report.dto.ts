import { PositionStatsDto } from './position-stats.dto';

/** The stops report's request: the position statistics' assets (1..500) and range (≤ 30 days). */
export class StopsReportDto extends PositionStatsDto {}
