import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ActivityRecorderModule } from '@app/activity';
import { AuthModule } from '@app/auth';
import { AppConfig, ConfigModule } from '@app/config';
import { DatabaseModule } from '@app/database';
import { FleetModule } from '@app/fleet';
import { AppLogger, AppValidationPipe, HttpExceptionFilter } from '@app/http';
import { ActivityModule } from './activity/activity.module';
import { AuthApiModule } from './auth/auth-api.module';
import { BillingSupportModule } from './billing-support/billing-support.module';
import { CargoModule } from './cargo/cargo.module';
import { DriversModule } from './drivers/drivers.module';
import { FormsModule } from './forms/forms.module';
import { FuelModule } from './fuel/fuel.module';
import { HealthModule } from './health/health.module';
import { InspectionsModule } from './inspections/inspections.module';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { PartnerModule } from './partner/partner.module';
import { PositionsModule } from './positions/positions.module';
import { DemoSeedModule } from './seed/demo-seed.module';
import { UsersModule } from './users/users.module';

/** The monolith: cross-cutting libraries first, then one module per domain. */
@Module({
  imports: [
    ConfigModule.forRoot(),
    DatabaseModule,
    AuthModule,
    FleetModule,
    ActivityRecorderModule,
    HealthModule,
    AuthApiModule,
    DemoSeedModule,
    ActivityModule,
    BillingSupportModule,
    CargoModule,
    DriversModule,
    FormsModule,
    FuelModule,
    InspectionsModule,
    MaintenanceModule,
    PartnerModule,
    PositionsModule,
    UsersModule,
  ],
  providers: [
    { provide: AppLogger, inject: [AppConfig], useFactory: (config: AppConfig) => new AppLogger({ level: config.get('LOG_LEVEL'), destination: config.get('LOG_DESTINATION') }) },
    { provide: APP_PIPE, useClass: AppValidationPipe },
    { provide: APP_FILTER, useClass: HttpExceptionFilter },
  ],
})
export class AppModule {}
