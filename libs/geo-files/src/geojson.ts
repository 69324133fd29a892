// The GeoJSON (RFC 7946) this library reads and answers: the types it checks, not a general model.

/** `[longitude, latitude]`, or with an altitude: `[lng, lat, alt]`. */
export type Position = number[];

export type GeometryType = 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon' | 'GeometryCollection';

export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }
  | { type: 'GeometryCollection'; geometries: Geometry[] };

export interface Feature {
  type: 'Feature';
  /** null: a feature without a place (a KML placemark without geometry). */
  geometry: Geometry | null;
  properties: Record<string, unknown> | null;
  id?: string | number;
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  /**
   * In file order, none left out: `features[i]` is the file's feature `i` (0-based), so a caller
   * that reports per feature says "feature i + 1" and the person finds it in the file.
   */
  features: Feature[];
}

/** The file formats `readGeoFile` reads. */
export type GeoFileFormat = 'geojson' | 'kml' | 'kmz' | 'gpx';

/** What `readGeoFile` answers: the features, and what the file says about itself. */
export interface GeoFileContent extends FeatureCollection {
  /** What the file held. */
  format: GeoFileFormat;
  /** The file's own name for its contents (a KML `<Document><name>`, a GPX `<metadata><name>`), if any. */
  name: string | null;
}

/** Reading a geographic file failed: `message` tells a person what is wrong and, when it can, where. */
export class GeoFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeoFileError';
  }
}
