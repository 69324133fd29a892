import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { AppConfig } from '@app/config';
import { DatabaseClock } from './clock/database-clock';
import { DatabaseIndexes } from './database-indexes';
import { DatabaseLifecycle } from './database-lifecycle';
import { DatabaseLocation } from './database-location';
import { DatabaseMetrics } from './database-metrics';
import { DataMigrations } from './data-migrations';

@Global()
@Module({
  providers: [{ provide: DatabaseLocation, inject: [AppConfig], useFactory: (config: AppConfig) => DatabaseLocation.resolve(config) }],
  exports: [DatabaseLocation],
})
class DatabaseLocationModule {}

@Global()
@Module({
  imports: [
    DiscoveryModule,
    DatabaseLocationModule,
    MongooseModule.forRootAsync({
      inject: [DatabaseLocation, AppConfig],
      useFactory: (location: DatabaseLocation, config: AppConfig) => ({
        uri: location.uri,
        // Named even when the URI names none (mongoose would use `test`): one name for the app,
        // the command line and the tests.
        dbName: location.databaseName,
        // Fail fast while the database is down instead of queueing requests for 30 s.
        serverSelectionTimeoutMS: 5_000,
        bufferTimeoutMS: 5_000,
        maxPoolSize: 50,
        // The commands' events, counted by `DatabaseMetrics` (each reply is then parsed once more).
        monitorCommands: config.countsDatabaseCommands,
      }),
    }),
  ],
  providers: [DatabaseLifecycle, DatabaseIndexes, DatabaseMetrics, DataMigrations, DatabaseClock],
  exports: [DataMigrations, DatabaseClock],
})
export class DatabaseModule {}
