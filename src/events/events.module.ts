import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { AssetOwnedDataModule } from '@app/fleet';
import { DriversModule } from '../drivers';
import { GeofencesModule } from '../geofences';
import { PlacesModule } from '../places';
import { PositionsModule } from '../positions';
import { EventsOfTypes } from './events-of-types';
import { DetectionRules } from './detection/detection-rule';
import { OnlineRule } from './detection/detector';
import { EventStates } from './detection/event-states';
import { EventsProcessor } from './detection/events-processor';
import { EventReconciler } from './detection/event-reconciler';
import { GeofenceRule } from './detection/fence-rules';
import { HarshDrivingRule } from './detection/harsh-rules';
import { VisitRule } from './detection/place-rules';
import { IdlingRule, IgnitionRule, SpeedingRule } from './detection/motion-rules';
import { OfflineWatch } from './detection/offline-watch';
import { TemperatureRule } from './detection/temperature-rules';
import { EventsController } from './events.controller';
import { EventIndexWriter } from './event-index-writer';
import { EventsQueryService } from './events-query.service';
import { FleetEventRetention } from './event-retention';
import { FleetEvents } from './fleet-events.service';
import { LiveFleetEvents } from './live-fleet-events.service';
import { AssetEventState, AssetEventStateSchema } from './schemas/asset-event-state.schema';
import { FleetEvent, FleetEventSchema } from './schemas/fleet-event.schema';
import { FleetEventFeedEntry, FleetEventFeedEntrySchema } from './schemas/fleet-event-feed.schema';
import { FleetEventIndex, FleetEventIndexSchema } from './schemas/fleet-event-index.schema';

const eventData = AssetOwnedDataModule.forFeature([
  { name: FleetEvent.name, schema: FleetEventSchema },
  { name: AssetEventState.name, schema: AssetEventStateSchema },
]);
// Keyed by computed ids that carry the client or asset (the index), or passing events on (the feed).
const eventIndexes = MongooseModule.forFeature([
  { name: FleetEventIndex.name, schema: FleetEventIndexSchema },
  { name: FleetEventFeedEntry.name, schema: FleetEventFeedEntrySchema },
]);

/**
 * Fleet events (`/api/events`, `access_alerts`): detected from telemetry as it is stored, recorded
 * by other domains (inspections, work orders, maintenance) through `FleetEvents`, listed, and
 * passed on to the live stream and to whoever subscribes to `FLEET_EVENTS_RECORDED` (alerts).
 */
@Module({
  imports: [eventData, eventIndexes, DiscoveryModule, GeofencesModule, PlacesModule, PositionsModule, DriversModule],
  controllers: [EventsController],
  providers: [
    FleetEvents,
    EventsOfTypes,
    EventIndexWriter,
    FleetEventRetention,
    EventsQueryService,
    EventStates,
    EventsProcessor,
    EventReconciler,
    OfflineWatch,
    LiveFleetEvents,
    DetectionRules,
    // The rules of detection: a new kind of event is one class here (docs/architecture.md, "Where new things go").
    OnlineRule,
    GeofenceRule,
    VisitRule,
    SpeedingRule,
    IdlingRule,
    IgnitionRule,
    TemperatureRule,
    HarshDrivingRule,
  ],
  exports: [eventData, FleetEvents, EventsProcessor, EventsOfTypes],
})
export class EventsModule {}
