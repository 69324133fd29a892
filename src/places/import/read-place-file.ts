import { badRequest } from '@app/errors';
import type { UploadedSheet } from '@app/sheets';
import { readCsvPlaceRows } from './csv-place-rows';
import type { PlaceRows } from './place-rows';

/**
 * The rows of an uploaded places file. CSV today; GeoJSON, KML and KMZ readers (features → rows)
 * plug in here, chosen by content, and the importer takes their rows unchanged.
 */
export async function readPlaceFile(file: UploadedSheet | undefined): Promise<PlaceRows> {
  if (!file) throw badRequest('No file: send the places file in the multipart/form-data field "file".');
  return readCsvPlaceRows(file.buffer);
}
