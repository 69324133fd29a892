import { ApiProperty } from '@nestjs/swagger';

/** A stay inside the area: consecutive fixes inside, with no silence over 15 minutes between them. */
export class AreaIntervalView {
  /** The first fix inside (ISO 8601, UTC). */
  @ApiProperty({ type: String, format: 'date-time', example: '2026-01-15T13:04:30.000Z' })
  enteredAt: string;

  /** The last fix inside (ISO 8601, UTC). */
  @ApiProperty({ type: String, format: 'date-time', example: '2026-01-15T13:41:00.000Z' })
  leftAt: string;

  /** Fixes inside in the interval. */
  @ApiProperty({ example: 74 })
  fixes: number;
}

/** An asset that was inside the area in the period, and when. */
export class AreaVisitorView {
  /** @example "65f0a1b2c3d4e5f601234567" */
  assetId: string;

  /** @example "Camión 01" */
  assetName: string;

  /** Newest first, at most 1 000 (the newest). */
  @ApiProperty({ type: [AreaIntervalView] })
  intervals: AreaIntervalView[];

  /** More than 1 000 intervals: only the newest 1 000 are listed. */
  @ApiProperty({ example: false })
  truncated: boolean;
}
