// Plane geometry of GeoJSON areas (`[lng, lat]`): checks with readable problems, and shapes ready for fixes.
export * from './area-geometry';
export * from './area-index';
export * from './area-shape';
export * from './great-circle';
