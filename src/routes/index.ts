// The public surface of routes: the module.
export { RoutesModule } from './routes.module';
