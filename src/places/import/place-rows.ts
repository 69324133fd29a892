/**
 * What a file reader gives the places import, whatever the format (CSV here; GeoJSON, KML and KMZ
 * readers turn features into the same rows): each row's fields as `CreatePlaceDto` takes them, or
 * the reason the reader could not make them. A problem of the whole file is a 400 the reader throws.
 */
export interface PlaceRow {
  /** 1 = the first data row (the row after a CSV header, a collection's first feature). */
  row: number;
  /** The place's fields as the API takes them (`location` a GeoJSON Point…); validated by the importer. */
  fields: Record<string, unknown>;
}

export interface PlaceRowProblem {
  row: number;
  message: string;
}

export interface PlaceRows {
  rows: PlaceRow[];
  /** Rows the reader could not turn into fields (a latitude that is not a number). */
  problems: PlaceRowProblem[];
}

/** The most rows one import takes (more: a 400, nothing written). */
export const MAX_IMPORT_ROWS = 10_000;
