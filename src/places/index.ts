// The public surface of places: the module, and each client's compiled, spatially indexed places (visit detection).
export { PlacesModule } from './places.module';
export { ClientPlaces, PlaceIndex } from './place-index.service';
export type { CompiledPlace } from './compiled-place';
export { Place, placeExternalKey } from './schemas/place.schema';
