import type { TableCell } from './table-report';

/** The rows of a table report, and which of them are totals (known by the row, not by its first word). */
export class TableRows {
  readonly rows: TableCell[][] = [];
  private readonly totals = new Set<TableCell[]>();

  add(row: TableCell[]): void {
    this.rows.push(row);
  }

  addTotal(row: TableCell[]): void {
    this.rows.push(row);
    this.totals.add(row);
  }

  isTotal = (row: readonly TableCell[]): boolean => this.totals.has(row as TableCell[]);
}
