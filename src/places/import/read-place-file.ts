import { badRequest } from '@app/errors';
import { startsAsZip } from '@app/zip';
import type { UploadedSheet } from '@app/sheets';
import { readCsvPlaceRows } from './csv-place-rows';
import { readFeaturePlaceRows } from './feature-place-rows';
import type { PlaceRows } from './place-rows';

/**
 * The rows of an uploaded places file, its format told by what it holds: a ZIP is a KMZ, text that
 * starts with `{` GeoJSON and with `<` KML; anything else is read as CSV. The importer takes the
 * rows of every format alike.
 */
export async function readPlaceFile(file: UploadedSheet | undefined): Promise<PlaceRows> {
  if (!file) throw badRequest('No file: send the places file in the multipart/form-data field "file".');
  const start = file.buffer
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (startsAsZip(file.buffer) && !/\.(csv|xlsx)$/i.test(file.originalname)) return readFeaturePlaceRows(file);
  if (start.startsWith('{') || start.startsWith('<')) return readFeaturePlaceRows(file);
  return readCsvPlaceRows(file.buffer);
}
