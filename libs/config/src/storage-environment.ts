import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { emptyAsUnset } from './environment-parsing';
import type { EnvironmentBase } from './environment-area';

/** Where data is kept: the database, read caches, the events index layout, uploaded files. */
export function withStorageEnvironment<TBase extends EnvironmentBase>(Base: TBase) {
  class StorageEnvironment extends Base {
    @Transform(emptyAsUnset)
    @IsOptional()
    @IsString()
    @MinLength(10)
    MONGODB_URI?: string;

    @Transform(emptyAsUnset)
    @IsOptional()
    @IsIn(['mongod', 'java'])
    EMBEDDED_MONGO?: 'mongod' | 'java';

    /** Where the embedded database keeps its files (`npm start`); tests use memory only. */
    @IsString()
    DATA_DIR = '.data';

    /**
     * How long a client's active forms, a QR code and an asset, once read, are reused from memory
     * (scans and work orders). A change made by another process (the command line) shows within it;
     * this process's own QR replacements at once. 0 reads every time.
     */
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(60)
    READ_CACHE_TTL_SECONDS = 3;

    /**
     * Entries one events index document (a client's hour, an asset's day) holds before the next
     * part of that hour or day is opened (5000, about 0.5 MB): no document nears MongoDB's 16 MB.
     */
    @Type(() => Number)
    @IsInt()
    @Min(10)
    @Max(50_000)
    EVENT_INDEX_PART_ENTRIES = 5000;

    /** The largest photo or document `POST /api/uploads` accepts, in bytes (10 MB). */
    @Type(() => Number)
    @IsInt()
    @Min(1024)
    @Max(50 * 1024 * 1024)
    UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

    /** How often uploads never referenced by an answer within 24 h are removed; 0 turns the sweep off. */
    @Type(() => Number)
    @IsInt()
    @Min(0)
    @Max(24 * 60)
    UPLOAD_SWEEP_MINUTES = 60;
  }
  return StorageEnvironment;
}
