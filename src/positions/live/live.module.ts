import { Module } from '@nestjs/common';
import { ConfiguredFlespiClient } from '@app/integrations';
import { IngestionModule } from '../ingestion/ingestion.module';
import { TelemetryStoreModule } from '../store/telemetry-store.module';
import { LatestPositionCache } from './latest-position-cache';
import { LatestPositionsService } from './latest-positions.service';
import { PositionFeed } from './position-feed.service';
import { PositionStreamController } from './position-stream.controller';
import { PositionStreams } from './position-streams.service';
import { PositionUpdates } from './position-updates';
import { PositionsController } from './positions.controller';
import { ScopedTrackers } from './scoped-trackers.service';
import { StoredPositionUpdates } from './stored-position-updates';

/** The live map: latest positions and their stream, from this instance's ingestion and the others' (the feed). */
@Module({
  imports: [TelemetryStoreModule, IngestionModule],
  controllers: [PositionsController, PositionStreamController],
  providers: [
    PositionUpdates,
    StoredPositionUpdates,
    PositionFeed,
    PositionStreams,
    LatestPositionCache,
    LatestPositionsService,
    ScopedTrackers,
    ConfiguredFlespiClient,
  ],
  exports: [PositionUpdates, PositionStreams, ScopedTrackers],
})
export class LiveModule {}
