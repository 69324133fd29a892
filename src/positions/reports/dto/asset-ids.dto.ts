import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { IsObjectIdString } from '@app/formats';

export const MAX_STATS_ASSETS = 500;

/** The assets of a statistics request; unknown, foreign, untracked and out-of-scope ones are skipped. */
export class AssetIdsDto {
  /** 1 to 500 asset ids (24 hexadecimal characters each). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_STATS_ASSETS)
  @IsObjectIdString({ each: true })
  assetIds: string[];
}
