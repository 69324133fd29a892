import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AlertsModule } from '../alerts';
import { CargoModule } from '../cargo';
import { DriversModule } from '../drivers';
import { EventsModule } from '../events';
import { FormsModule } from '../forms';
import { FuelModule } from '../fuel';
import { GeofencesModule } from '../geofences';
import { PlacesModule } from '../places';
import { TasksModule } from '../tasks';
import { RoutesModule } from '../routes';
import { LayersModule } from '../layers';
import { InspectionsModule } from '../inspections';
import { MaintenanceModule } from '../maintenance';
import { PositionsModule } from '../positions';
import { UploadsModule } from '../uploads';
import { MetersModule } from '../meters';
import { ScheduledReportsModule } from '../scheduled-reports';
import { WebhooksModule } from '../webhooks';
import { DemoSeedOnStart } from './demo-seed-on-start';
import { DemoSeedService } from './demo-seed.service';
import { AlertRulesDemoSeeder, AlertsManifestDemoSeeder } from './seeders/alerts.seeder';
import { CargoDemoSeeder } from './seeders/cargo.seeder';
import { DriversDemoSeeder } from './seeders/drivers.seeder';
import { EventsDemoSeeder } from './seeders/events.seeder';
import { FormsDemoSeeder } from './seeders/forms.seeder';
import { FuelDemoSeeder } from './seeders/fuel.seeder';
import { GeofencesDemoSeeder } from './seeders/geofences.seeder';
import { PlacesDemoSeeder } from './seeders/places.seeder';
import { TasksDemoSeeder } from './seeders/tasks.seeder';
import { DispatchDemoSeeder } from './seeders/dispatch.seeder';
import { LayersDemoSeeder } from './seeders/layers.seeder';
import { IdentityFleetSeeder } from './seeders/identity-fleet.seeder';
import { InspectionLoopDemoSeeder } from './seeders/inspection-loop.seeder';
import { InspectionsDemoSeeder } from './seeders/inspections.seeder';
import { MaintenanceDemoSeeder } from './seeders/maintenance.seeder';
import { PositionsDemoSeeder } from './seeders/positions.seeder';
import { DemoSimulator } from './simulator/demo-simulator';
import { RefuelsDemoSeeder } from './seeders/refuels.seeder';
import { RolesDemoSeeder } from './seeders/roles.seeder';
import { ScheduledReportsDemoSeeder } from './seeders/scheduled-reports.seeder';
import { ServicePlansDemoSeeder } from './seeders/service-plans.seeder';
import { DemoWebhookReceiverLink, WebhooksDemoSeeder } from './seeders/webhooks.seeder';

/**
 * The demo data: never part of the production app module. `npm start` on the embedded database,
 * the command line and the tests load it beside the app (`DemoAppModule`); the domain modules it
 * imports are the app's own instances.
 */
@Module({
  imports: [
    DiscoveryModule,
    AlertsModule,
    CargoModule,
    DriversModule,
    EventsModule,
    FormsModule,
    FuelModule,
    GeofencesModule,
    PlacesModule,
    TasksModule,
    RoutesModule,
    InspectionsModule,
    LayersModule,
    MaintenanceModule,
    MetersModule,
    PositionsModule,
    ScheduledReportsModule,
    UploadsModule,
    WebhooksModule,
  ],
  providers: [
    DemoSeedService,
    DemoSeedOnStart,
    IdentityFleetSeeder,
    AlertRulesDemoSeeder,
    AlertsManifestDemoSeeder,
    CargoDemoSeeder,
    DriversDemoSeeder,
    EventsDemoSeeder,
    FormsDemoSeeder,
    FuelDemoSeeder,
    GeofencesDemoSeeder,
    PlacesDemoSeeder,
    TasksDemoSeeder,
    DispatchDemoSeeder,
    LayersDemoSeeder,
    InspectionsDemoSeeder,
    InspectionLoopDemoSeeder,
    MaintenanceDemoSeeder,
    PositionsDemoSeeder,
    RefuelsDemoSeeder,
    RolesDemoSeeder,
    ScheduledReportsDemoSeeder,
    ServicePlansDemoSeeder,
    WebhooksDemoSeeder,
    DemoWebhookReceiverLink,
    DemoSimulator,
  ],
  exports: [DemoSeedService, DemoSeedOnStart, DemoSimulator],
})
export class DemoSeedModule {}
