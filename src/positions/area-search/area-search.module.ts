import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module';
import { TelemetryStoreModule } from '../store/telemetry-store.module';
import { AreaSearchController } from './area-search.controller';
import { AreaSearchService } from './area-search.service';

/** History by area: who was inside a polygon or a circle, and when, from the stored telemetry. */
@Module({
  imports: [TelemetryStoreModule, LiveModule],
  controllers: [AreaSearchController],
  providers: [AreaSearchService],
})
export class AreaSearchModule {}
