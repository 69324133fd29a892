import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@app/auth';
import { badRequest } from '@app/errors';
import { assertValidFeatures, GeoFileError, readGeoFile, type GeoFileContent } from '@app/geo-files';
import type { UploadedFileBytes } from '@app/http';
import { ImportLayerDto } from './dto/import-layer.dto';
import { LayerView } from './layer.view';
import { LayersService } from './layers.service';

/** The files a layer imports from. */
export const LAYER_FILE_FORMATS = ['geojson', 'kml', 'kmz', 'gpx'] as const;

/** The upload: a KML is about twice its GeoJSON, so 10 MB of file for 5 MB of layer. */
export const LAYER_UPLOAD = { field: 'file', maxBytes: 10 * 1024 * 1024, tooLarge: 'The file is larger than 10 MB: a layer holds at most 5 MB of GeoJSON.' };

// Control characters (a name from a file is shown as typed text): removed, not refused.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;

/** A layer made from a GeoJSON, KML, KMZ or GPX file (@app/geo-files): every feature valid, or nothing is written. */
@Injectable()
export class LayerImport {
  constructor(private readonly layers: LayersService) {}

  async import(auth: AuthContext, file: UploadedFileBytes | undefined, fields: ImportLayerDto): Promise<LayerView> {
    if (!file) throw badRequest('No file: send a GeoJSON, KML, KMZ or GPX file in the multipart/form-data field "file".');
    const content = read(file);
    return this.layers.create(auth, {
      name: fields.name ?? defaultName(content, file.originalname),
      description: fields.description,
      color: fields.color,
      features: content.features,
      origin: `imported from ${content.format.toUpperCase()} file "${plain(file.originalname).slice(0, 200)}"`,
    });
  }
}

function read(file: UploadedFileBytes): GeoFileContent {
  try {
    const content = readGeoFile(file, LAYER_FILE_FORMATS);
    assertValidFeatures(content.features);
    return content;
  } catch (error) {
    if (error instanceof GeoFileError) throw badRequest(`The file could not be imported: ${error.message}`);
    throw error;
  }
}

/** The file's own name for its contents, else the file name without its extension, fit for a layer name. */
function defaultName(content: GeoFileContent, fileName: string): string {
  const name = plain(content.name ?? '') || plain(fileName.replace(/\.[^.]*$/, ''));
  return (name || 'Layer').slice(0, 200).trim();
}

const plain = (text: string) => text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
