import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ActivityRecorderModule } from '@app/activity';
import { AuthModule } from '@app/auth';
import { ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/database';
import { FleetModule } from '@app/fleet';
import { AppValidationPipe, HttpExceptionFilter } from '@app/http';
import { BusModule } from '@app/bus';
import { JobsModule } from '@app/jobs';
import { MailModule } from '@app/mail';
import { MetricsModule } from '@app/metrics';
import { ActivityModule } from './activity';
import { appLoggerProvider } from './app-logger.provider';
import { AssetsModule } from './assets';
import { AlertsModule } from './alerts';
import { AuthApiModule } from './auth';
import { BillingSupportModule } from './billing-support';
import { CargoModule } from './cargo';
import { DriversModule, DriverTelemetryModule } from './drivers';
import { EventsModule } from './events';
import { FormsModule } from './forms';
import { FuelModule } from './fuel';
import { GeofencesModule } from './geofences';
import { PlacesModule } from './places';
import { VisitsModule } from './visits';
import { DrivingModule } from './driving';
import { RoutesModule } from './routes';
import { TasksModule } from './tasks';
import { HealthModule } from './health';
import { InspectionsModule } from './inspections';
import { LayersModule } from './layers';
import { MaintenanceModule } from './maintenance';
import { MetersModule } from './meters';
import { PartnerModule } from './partner';
import { PositionsModule } from './positions';
import { ScheduledReportsModule } from './scheduled-reports';
import { UploadsModule } from './uploads';
import { UsersModule } from './users';
import { WebhooksModule } from './webhooks';

/** The monolith: cross-cutting libraries first, then one module per domain. */
@Module({
  imports: [
    ConfigModule.forRoot(),
    MetricsModule,
    DatabaseModule,
    BusModule,
    JobsModule,
    MailModule,
    AuthModule,
    FleetModule,
    ActivityRecorderModule,
    HealthModule,
    AuthApiModule,
    ActivityModule,
    AssetsModule,
    BillingSupportModule,
    CargoModule,
    DriversModule,
    DriverTelemetryModule,
    EventsModule,
    AlertsModule,
    FormsModule,
    FuelModule,
    GeofencesModule,
    PlacesModule,
    VisitsModule,
    DrivingModule,
    TasksModule,
    RoutesModule,
    InspectionsModule,
    LayersModule,
    MaintenanceModule,
    MetersModule,
    PartnerModule,
    PositionsModule,
    UploadsModule,
    UsersModule,
    WebhooksModule,
    ScheduledReportsModule,
  ],
  providers: [appLoggerProvider, { provide: APP_PIPE, useClass: AppValidationPipe }, { provide: APP_FILTER, useClass: HttpExceptionFilter }],
})
export class AppModule {}
