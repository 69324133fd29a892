// The public surface of layers: the module, the body limit its path needs (app.setup.ts), and
// the model with what a layer stores of its features (the demo seed).
export { LayersModule } from './layers.module';
export { LAYERS_BODY_LIMIT, LAYERS_PATH } from './layers-body';
export { storedFeatures } from './layer-features';
export { Layer } from './schemas/layer.schema';
