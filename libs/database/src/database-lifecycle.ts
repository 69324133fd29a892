import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { DatabaseLocation } from './database-location';

/** Closes the connection first, then stops the embedded server this process started. */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly location: DatabaseLocation,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
    await this.location.embedded?.stop();
  }
}
