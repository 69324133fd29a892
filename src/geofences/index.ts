// The public surface of geofences: the module, and each client's compiled, spatially indexed geofences (event detection).
export { GeofencesModule } from './geofences.module';
export { ClientGeofences, GeofenceIndex } from './geofence-index.service';
// A stored geofence compiled for point tests (the detector's unit tests build theirs with it).
export { compileGeofence, type CompiledGeofence } from './compiled-geofence';
export { Geofence } from './schemas/geofence.schema';
