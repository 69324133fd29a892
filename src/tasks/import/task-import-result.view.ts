export class TaskImportFailureView {
  /** The data row: 1 = the first row after the header. */
  row: number;
  /** @example "assetPlate \"ZZTT-99\" is no asset of yours in service" */
  message: string;
}

/** What an import did — or, with `dryRun=true`, would do (the same shape as the places import's answer). */
export class TaskImportResultView {
  /** @example 120 */
  created: number;
  /** Rows whose `externalId` was a task's, changed by them. */
  updated: number;
  /** Rows whose `externalId` was a task's that already had every value of the row. */
  unchanged: number;
  /** Rows refused, by row number; the other rows were imported. */
  failed: TaskImportFailureView[];
}
