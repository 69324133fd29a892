import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AssetOwnedDataModule } from '@app/fleet';
import { DriversModule } from '../drivers';
import { PlacesModule } from '../places';
import { PositionsModule } from '../positions';
import { TasksModule } from '../tasks';
import { AssetSpeeds } from './eta/asset-speeds';
import { RouteEtaWatch } from './eta/route-eta-watch';
import { RouteEtas } from './eta/route-etas';
import { RoutesToday } from './eta/routes-today';
import { RouteReferences } from './route-references';
import { RouteStops } from './route-stops';
import { RoutesController } from './routes.controller';
import { RoutesService } from './routes.service';
import { RouteStopClaim, RouteStopClaimSchema } from './schemas/route-stop-claim.schema';
import { Route, RouteSchema } from './schemas/route.schema';

/** Routes (`/api/routes`, `access_tasks`): a vehicle's stops for a day with live ETAs; owned by their asset. */
@Module({
  imports: [
    AssetOwnedDataModule.forFeature([{ name: Route.name, schema: RouteSchema }]),
    MongooseModule.forFeature([{ name: RouteStopClaim.name, schema: RouteStopClaimSchema }]),
    TasksModule,
    DriversModule,
    PlacesModule,
    PositionsModule,
  ],
  controllers: [RoutesController],
  providers: [RoutesService, RouteReferences, RouteStops, RouteEtas, AssetSpeeds, RoutesToday, RouteEtaWatch],
  exports: [RoutesService],
})
export class RoutesModule {}
