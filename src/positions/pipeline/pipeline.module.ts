import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { TelemetryStoreModule } from '../store/telemetry-store.module';
import { TripsModule } from '../trips/trips.module';
import { BatchArrivals } from './batch-arrivals';
import { ProcessorRuns } from './processor-runs';
import { CheckpointsPrune } from './checkpoints-prune';
import { ForeignHandover } from './foreign-handover';
import { ImportedHistory } from './imported-history';
import { LogRecovery } from './log-recovery';
import { IngestInstance, IngestInstanceSchema, PartitionLease, PartitionLeaseSchema } from './partition-lease.schema';
import { PartitionBalancer } from './partition-balancer';
import { PartitionRouter } from './partition-router';
import { TelemetryCompaction } from './telemetry-compaction.service';
import { TrackerCheckpoints } from './tracker-checkpoints';
import { TrackerOwnership } from './tracker-ownership';
import { TrackerPipeline } from './tracker-pipeline.service';
import { TrackerProcessors } from './tracker-processor';
import { TrackerCheckpointRecord, TrackerCheckpointRecordSchema, TrackerStateRecord, TrackerStateRecordSchema } from './tracker-state.schema';
import { TrackerStates } from './tracker-states';

// Keyed by tracker (`_id`s computed from it), like the buckets.
const pipelineModels = MongooseModule.forFeature([
  { name: TrackerStateRecord.name, schema: TrackerStateRecordSchema },
  { name: TrackerCheckpointRecord.name, schema: TrackerCheckpointRecordSchema },
  { name: PartitionLease.name, schema: PartitionLeaseSchema },
  { name: IngestInstance.name, schema: IngestInstanceSchema },
]);

/**
 * The per-tracker path of ingestion: the trackers' states in memory on the instance that owns
 * them (the partitions it leases), the processors other domains mark (fleet events, meters),
 * the checkpoints late fixes replay from, the compaction that writes the log into the buckets, and
 * the hand-over of other instances' trackers.
 */
@Module({
  imports: [pipelineModels, DiscoveryModule, TelemetryStoreModule, TripsModule],
  providers: [
    TrackerStates,
    TrackerPipeline,
    BatchArrivals,
    ProcessorRuns,
    TrackerCheckpoints,
    TrackerProcessors,
    TrackerOwnership,
    TelemetryCompaction,
    CheckpointsPrune,
    LogRecovery,
    ForeignHandover,
    PartitionBalancer,
    PartitionRouter,
    ImportedHistory,
  ],
  exports: [TrackerPipeline, PartitionRouter, ImportedHistory, TrackerOwnership, TelemetryCompaction],
})
export class PipelineModule {}
