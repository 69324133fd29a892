import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';
import type { PackedPoints } from './hour-bucket';

/** A tracker's points in a log entry, packed as the hour buckets pack theirs. */
export type LogPart = PackedPoints;

/** Where a tracker's latest position moved in an entry's batch. */
export interface LogLatest {
  vendorId: number;
  ts: number;
  lat: number;
  lng: number;
  speed: number | null;
  dir: number | null;
  alt: number | null;
  ignition: boolean | null;
}

/**
 * One batch's points of one partition's trackers, as the batch came (docs/telemetry.md,
 * "Ingestion at fleet scale"): one insert per batch and partition instead of a rewrite per tracker-hour, compacted into
 * the hour, day and period buckets by the partition's owner a few seconds later and then removed.
 * Reads merge the entries that are `done` with the buckets, so a message is visible as soon as
 * its batch is answered. `pending`: stored by an instance that does not own the partition, for
 * its owner to process (it then keeps only the new points and becomes `done`).
 */
@Schema({ collection: 'telemetry_log', versionKey: false, minimize: false })
export class TelemetryLogEntry {
  @Prop({ type: SchemaTypes.ObjectId })
  _id: Types.ObjectId;

  /** The partition of its trackers (`partitionOf`): one instance owns it at a time. */
  @Prop({ required: true })
  p: number;

  @Prop({ type: String, enum: ['pending', 'done'], required: true })
  state: 'pending' | 'done';

  /** The instance that wrote it (or completed it): its own live feed skips what it published itself. */
  @Prop({ type: String, default: null })
  by: string | null;

  /** When it was stored (ms since the epoch): the order the live feed reads entries in. */
  @Prop({ required: true })
  at: number;

  /** Tracker id (hex) → its points: new points only once `done`. */
  @Prop({ type: SchemaTypes.Mixed, required: true })
  parts: Record<string, LogPart>;

  /** Tracker id (hex) → its new latest position, for the trackers whose latest position moved. */
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  latest: Record<string, LogLatest>;

  /** Tracker id (hex) → its client and device id (what the owner of a pending entry needs to process it). */
  @Prop({ type: SchemaTypes.Mixed, default: {} })
  trackers: Record<string, { clientId: Types.ObjectId; vendorId: number }>;

  /** Tracker id (hex) → the owner's counts of a pending entry once processed (the receiving instance answers with them). */
  @Prop({ type: SchemaTypes.Mixed, default: null })
  counts: Record<string, { accepted: number; duplicates: number; implausible?: number }> | null;
}

export const TelemetryLogEntrySchema = SchemaFactory.createForClass(TelemetryLogEntry);
// On MongoDB: an owner's pending entries and the live feed's newest ones. mongo-java-server scans
// (non-unique indexes), which the compaction keeps cheap: the collection holds seconds of batches.
TelemetryLogEntrySchema.index({ state: 1, p: 1 });
TelemetryLogEntrySchema.index({ at: 1 });
