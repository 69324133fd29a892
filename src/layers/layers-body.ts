/** Where a layer's JSON body is read with its own limit, before the app's 1 MB parser (app.setup.ts). */
export const LAYERS_PATH = '/api/layers';
/** A layer holds up to 5 MB of GeoJSON; a larger body is 413 before it is read. */
export const LAYERS_BODY_LIMIT = '5mb';
