/** A row that was not created, with a readable reason and the driver it names. */
export class FailedDriverRowView {
  /** Row number in the sheet. */
  row: number;
  /** Why the row was rejected, as a sentence (several problems: several sentences). */
  reason: string;
  /** The row's names and RUT as sent. */
  data: { firstName: string; lastName: string; rut: string };
}

export class DriverImportResultView {
  /** Drivers created by this call. */
  createdCount: number;
  /** Rejected rows, in request order. */
  failedRows: FailedDriverRowView[];
}
