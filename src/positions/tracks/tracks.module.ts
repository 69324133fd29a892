import { Module } from '@nestjs/common';
import { TelemetrySourceModule } from '../sources/telemetry-source.module';
import { TrackService } from './track.service';
import { TracksController } from './tracks.controller';

/** An asset's route in a period, simplified for the map. */
@Module({
  imports: [TelemetrySourceModule],
  controllers: [TracksController],
  providers: [TrackService],
})
export class TracksModule {}
