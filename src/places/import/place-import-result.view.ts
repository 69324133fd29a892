export class PlaceImportFailureView {
  /** The data row: 1 = the first row after the header (or the first feature). */
  row: number;
  /** @example "radiusM must not be greater than 5000" */
  message: string;
}

/** What an import did — or, with `dryRun=true`, would do. */
export class PlaceImportResultView {
  /** @example 120 */
  created: number;
  /** Rows whose `externalId` was a place's, changed by them. */
  updated: number;
  /** Rows whose `externalId` was a place's that already had every value of the row. */
  unchanged: number;
  /** Rows refused, by row number; the other rows were imported. */
  failed: PlaceImportFailureView[];
}
