import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { PageQueryDto, StrictBody } from '@app/http';

export const LABEL_FORMATS = ['png', 'svg', 'pdf'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Most assets on one sheet request: 200 labels are 17 A4 pages. */
export const MAX_SHEET_ASSETS = 200;

@StrictBody()
export class QrLabelQueryDto {
  /** `png` (default), `svg` or `pdf` (a page of the label's size, 60 × 66 mm). */
  @IsOptional()
  @IsIn(LABEL_FORMATS, { message: `format must be one of ${LABEL_FORMATS.join(', ')}` })
  format?: LabelFormat;
}

@StrictBody()
export class QrLabelSheetDto {
  /** 1 to 200 assets of the client, in service, within the caller's trackers; repeated ids print once. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SHEET_ASSETS)
  @IsObjectIdString({ each: true })
  assetIds: string[];
}

/** An asset's codes are listed newest first, without filters. */
@StrictBody()
export class ListQrCodesDto extends PageQueryDto {}
