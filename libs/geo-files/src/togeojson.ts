import { gpx, kml } from '@tmcw/togeojson';
import type { Document } from '@xmldom/xmldom';
import type { Feature } from './geojson';

// togeojson's declarations name the `geojson` package's types, which the project does not
// install: its two converters, typed with this library's GeoJSON.
type Converter = (document: Document) => { features: Feature[] };

export const kmlToGeoJson = kml as unknown as Converter;
export const gpxToGeoJson = gpx as unknown as Converter;
