// The public surface of layers: the module, and the body limit its path needs (app.setup.ts).
export { LayersModule } from './layers.module';
export { LAYERS_BODY_LIMIT, LAYERS_PATH } from './layers-body';
