// The public surface of routes: the module and its service (the demo seed plans a day with it).
export { RoutesModule } from './routes.module';
export { RoutesService } from './routes.service';
