import { INestApplicationContext } from '@nestjs/common';
import { getModelToken } from '@nestjs/mongoose';
import type { FilterQuery, Model } from 'mongoose';
import { scopeOfClient, type TenantOwned, type TrackedScope } from '@app/database';

/**
 * An operator's command names a record of any client (an asset id, a QR code). The command line
 * finds the record's client here — the one read across clients it makes — and then does the work
 * through the domain services in that client's scope, like a request of that client would.
 */
export async function scopeOfOwner(app: INestApplicationContext, model: { name: string }, filter: FilterQuery<TenantOwned>): Promise<TrackedScope | null> {
  const owned = await app.get<Model<TenantOwned>>(getModelToken(model.name)).findOne(filter, { clientId: 1 }).lean<TenantOwned>().exec();
  return owned?.clientId ? scopeOfClient(owned.clientId) : null;
}
