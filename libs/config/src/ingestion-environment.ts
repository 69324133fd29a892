import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { toBoolean } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** Telemetry ingestion: the meters it moves, and how trackers are kept in memory, compacted and partitioned. */
export function withIngestionEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class IngestionEnvironment extends Base {
    /**
     * Telemetry moves the assets' odometer and engine hours as it is ingested (docs/maintenance.md).
     * `false` stops it on this instance — for a bulk import of history whose meters are then set by
     * readings; positions are stored as ever, and readings still work.
     */
    @Transform(toBoolean)
    @IsBoolean()
    METERS_FROM_TELEMETRY = true;

    /**
     * How often the instance that owns trackers writes the log's points into their buckets and
     * their states back (docs/telemetry.md, "Ingestion at fleet scale"): longer means fewer bucket rewrites and a
     * longer log for readers to merge.
     */
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(300)
    TELEMETRY_COMPACT_SECONDS = 10;

    /** A tracker silent this long leaves the memory of the instance that owns it (read again at its next message). */
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(1440)
    TELEMETRY_IDLE_MINUTES = 10;

    /**
     * Trackers are spread over this many partitions, each owned by one instance at a time
     * (docs/telemetry.md, "Many instances"). Fixed for a database: the first instance stores it,
     * and an instance configured otherwise uses the stored count (and says so).
     */
    @Type(() => Number)
    @IsInt()
    @Min(1)
    @Max(256)
    INGEST_PARTITIONS = 16;
  }
  return IngestionEnvironment;
}
