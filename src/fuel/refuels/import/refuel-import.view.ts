import { ApiProperty } from '@nestjs/swagger';
import { RefuelView } from '../refuel.view';

/** A row the import would take, as the sheet read it (the asset resolved by plate or name). */
export class RefuelPreviewRowView {
  row: number;
  assetId: string;
  occurredAt: string;
  liters: number;
  pricePerLiter?: number;
  totalCost?: number;
  station?: string;
  odometerKm?: number;
}

export class RefuelSheetProblemView {
  /** The sheet's row (1: the header). */
  row: number;
  /** The field, or null for the whole row or sheet. */
  @ApiProperty({ type: String, nullable: true })
  field: string | null;
  message: string;
}

/** What a statement holds: the rows ready to import, and every problem by row and field. Nothing is written. */
export class RefuelImportPreviewView {
  @ApiProperty({ enum: ['xlsx', 'csv'] })
  format: 'xlsx' | 'csv';
  rows: RefuelPreviewRowView[];
  problems: RefuelSheetProblemView[];
}

export class RefuelImportFailureView {
  row: number;
  reason: string;
}

export class RefuelImportResultView {
  created: RefuelView[];
  failedRows: RefuelImportFailureView[];
}
