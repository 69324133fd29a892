// Geographic files (GeoJSON, KML, KMZ, GPX) read safely into GeoJSON features in file order, and
// the checks of a GeoJSON geometry and feature. Used by layers and places imports.
export * from './geojson';
export * from './geometry-problem';
export * from './feature-problem';
export * from './geojson-reader';
export * from './read-geo-file';
