import type { Fill, Font, Row, WorksheetView } from 'exceljs';

/**
 * Number formats. Excel shows the thousands separator of the reader's locale: `$1.234.567` in a
 * Chilean Excel. The cell keeps the number, so sums and filters work.
 */
export const CLP_FORMAT = '"$"#,##0;-"$"#,##0';
export const DAY_FORMAT = 'dd-mm-yyyy';

export const HEADER_FONT: Partial<Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
export const HEADER_FILL: Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
export const TOTAL_FILL: Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };

/** Bold white on dark blue, thin bottom border. */
export function styleHeaderRow(row: Row): void {
  row.eachCell((cell) => {
    cell.font = HEADER_FONT;
    cell.fill = HEADER_FILL;
    cell.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
    cell.border = { bottom: { style: 'thin' } };
  });
  row.height = 20;
}

/** Bold on light blue with a top border, blank cells included. */
export function styleTotalRow(row: Row): void {
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.font = { bold: true };
    cell.fill = TOTAL_FILL;
    cell.border = { top: { style: 'thin' } };
  });
}

/**
 * Sheet views that freeze the rows above `firstDataRow`, so the header stays visible when
 * scrolling. Given to `addWorksheet(name, { views })`: the streaming writer cannot set them later.
 */
export function frozenRowsViews(firstDataRow: number): Array<Partial<WorksheetView>> {
  return [{ state: 'frozen', ySplit: firstDataRow - 1, xSplit: 0, topLeftCell: `A${firstDataRow}`, activeCell: `A${firstDataRow}` }];
}
