import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { ExpiringCache } from '@app/database';
import { Client } from '../schemas/client.schema';

/** The zone of a client whose record is gone or never had one (the platform's home). */
export const DEFAULT_TIME_ZONE = 'America/Santiago';

/**
 * A client's IANA time zone, for work that runs outside a request (jobs, listeners, sweeps) and
 * so has no AuthContext carrying it. Cached for the read-cache lifetime: a changed zone is seen
 * within it.
 */
@Injectable()
export class ClientTimeZones {
  private readonly zones: ExpiringCache<string>;

  constructor(
    @InjectModel(Client.name) private readonly clients: Model<Client>,
    config: AppConfig,
  ) {
    this.zones = new ExpiringCache(config.readCacheTtlMs);
  }

  of(clientId: Types.ObjectId): Promise<string> {
    return this.zones.get(clientId.toHexString(), async () => {
      const client = await this.clients.findById(clientId, { timeZone: 1 }).lean<{ timeZone?: string }>().exec();
      return client?.timeZone ?? DEFAULT_TIME_ZONE;
    });
  }
}
