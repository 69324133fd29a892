import { format } from '@fast-csv/format';
import { stream as excelStream } from 'exceljs';
import { once } from 'node:events';
import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import type { ActivityEvent } from '@app/activity';
import type { Stored } from '@app/database';
import { safeCellText } from '@app/reports';

type StoredActivityEvent = Stored<ActivityEvent>;

/** The export's columns: what the detail shows, but before/after (too large for a sheet: see the detail by `id`). */
const COLUMNS: Array<{ header: string; width: number; cell: (event: StoredActivityEvent) => string | Date | undefined }> = [
  { header: 'occurredAt', width: 24, cell: (event) => event.occurredAt },
  { header: 'action', width: 24, cell: (event) => event.action },
  { header: 'entityType', width: 14, cell: (event) => event.resourceType },
  { header: 'entityId', width: 26, cell: (event) => event.resourceId },
  { header: 'summary', width: 60, cell: (event) => event.summary },
  { header: 'actorId', width: 26, cell: (event) => event.actor?.userId?.toHexString() },
  { header: 'actorName', width: 24, cell: (event) => event.actor?.name },
  { header: 'actorEmail', width: 28, cell: (event) => event.actor?.email },
  { header: 'credential', width: 12, cell: (event) => event.actor?.credential },
  { header: 'requestId', width: 38, cell: (event) => event.requestId },
  { header: 'ip', width: 16, cell: (event) => event.ip },
  { header: 'userAgent', width: 30, cell: (event) => event.userAgent },
  { header: 'details', width: 40, cell: (event) => (event.details ? JSON.stringify(event.details) : undefined) },
  { header: 'id', width: 26, cell: (event) => event._id.toHexString() },
];

/** Text cells guarded against formula injection (`=`, `+`, `-`, `@` first: a leading `'`); dates as ISO 8601. */
function textCells(event: StoredActivityEvent): string[] {
  return COLUMNS.map(({ cell }) => {
    const value = cell(event);
    if (value instanceof Date) return value.toISOString();
    return value === undefined ? '' : safeCellText(value);
  });
}

/** A CSV (UTF-8 with a BOM, for Excel) written as the cursor yields events: never the whole log in memory. */
export function activityCsv(events: Readable): Readable {
  const csv = format({ headers: COLUMNS.map((column) => column.header), writeBOM: true, rowDelimiter: '\r\n', includeEndRowDelimiter: true });
  const rows = new Transform({ objectMode: true, transform: (event: StoredActivityEvent, _encoding, done) => done(null, textCells(event)) });
  pipeline(events, rows, csv, () => undefined); // a failure destroys the stream, which cuts the download
  return csv;
}

/** An .xlsx written row by row by exceljs's streaming WorkbookWriter, waiting for the client when it reads slowly. */
export function activityWorkbook(events: AsyncIterable<StoredActivityEvent>): Readable {
  const out = new PassThrough();
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Activity');
  sheet.columns = COLUMNS.map(({ header, width }) => ({ header, key: header, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    for await (const event of events) {
      const cells = textCells(event);
      cells[0] = event.occurredAt as unknown as string; // a real date cell in the workbook
      sheet.addRow(cells).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: Error) => out.destroy(error));
  return out;
}
