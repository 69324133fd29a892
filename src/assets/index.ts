// The public surface of the asset management: only its module (nothing else uses it yet).
export { AssetsModule } from './assets.module';
