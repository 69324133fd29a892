import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '@app/bus';
import { POSITIONS_MOVED } from '../pipeline/positions-moved';
import { PositionUpdates } from './position-updates';

/** This instance's ingestion feeds the live map at once (other instances' reach it through the `PositionFeed`). */
@Injectable()
export class StoredPositionUpdates implements OnModuleInit, OnModuleDestroy {
  private unsubscribe?: () => void;

  constructor(
    private readonly bus: DomainEvents,
    private readonly updates: PositionUpdates,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.bus.on(POSITIONS_MOVED, (records) => {
      for (const record of records) this.updates.publish(record);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}
