import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PositionsStored } from '../ingestion/positions-stored';
import { PositionUpdates } from './position-updates';

/** This instance's ingestion feeds the live map at once (other instances' reach it through the `PositionFeed`). */
@Injectable()
export class StoredPositionUpdates implements OnModuleInit, OnModuleDestroy {
  private unsubscribe?: () => void;

  constructor(
    private readonly stored: PositionsStored,
    private readonly updates: PositionUpdates,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.stored.subscribe((batch) => {
      for (const { latest } of batch) if (latest) this.updates.publish(latest);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}
