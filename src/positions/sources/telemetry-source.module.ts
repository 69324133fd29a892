import { Module } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { ConfiguredFlespiClient } from '@app/integrations';
import { TelemetryStoreModule } from '../store/telemetry-store.module';
import { StoreTelemetrySource } from '../store/store-telemetry.source';
import { TELEMETRY_SOURCE } from '../telemetry/telemetry-source';
import { FlespiTelemetrySource } from './flespi-telemetry.source';
import { PositionHistory } from './position-history.service';
import { VehicleWhereabouts } from './vehicle-whereabouts';

/** Where reports, trips, tracks and other domains read telemetry: the store, or flespi (`TELEMETRY_SOURCE`). */
@Module({
  imports: [TelemetryStoreModule],
  providers: [
    {
      provide: TELEMETRY_SOURCE,
      inject: [AppConfig, StoreTelemetrySource],
      useFactory: (config: AppConfig, store: StoreTelemetrySource) =>
        config.get('TELEMETRY_SOURCE') === 'flespi' ? new FlespiTelemetrySource(new ConfiguredFlespiClient(config)) : store,
    },
    PositionHistory,
    VehicleWhereabouts,
  ],
  exports: [TELEMETRY_SOURCE, PositionHistory, VehicleWhereabouts],
})
export class TelemetrySourceModule {}
