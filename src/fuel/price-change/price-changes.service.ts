import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, TenantRepository, type Stored, type TenantScope } from '@app/database';
import { DomainException, ErrorCode, notFound } from '@app/errors';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { FuelTariff } from '../schemas/fuel-tariff.schema';
import { withPendingChanges } from './pending-changes';
import { PriceChangeLeases } from './price-change-leases';

/** Concurrent changes of one tariff queue up; after this many lost races the caller retries. */
const MAX_ATTEMPTS = 5;

export interface PriceChangeRequest {
  pricePerLiter: number;
  name?: string;
}

/**
 * Commits manual price changes. A change is committed on top of the tariff as readers see it —
 * with its pending changes applied — so concurrent changes of one tariff queue up (versions
 * 1, 2, …), each run after the one before it (`PriceChangeRuns`).
 */
@Injectable()
export class PriceChangesService {
  constructor(
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
    private readonly leases: PriceChangeLeases,
  ) {}

  /** The tariff as readers see it: its pending changes applied (read first, so that one completing meanwhile is not missed). */
  async current(scope: TenantScope, tariffId: Types.ObjectId): Promise<Stored<FuelTariff> | null> {
    const pending = await this.pending(scope, [tariffId]);
    const tariff = await this.tariffs.findById(scope, tariffId.toHexString());
    return tariff && withPendingChanges(tariff, pending);
  }

  /** The pending changes of these tariffs (without ids: of all the client's), in version order: what every reader applies. */
  pending(scope: TenantScope, tariffIds?: readonly Types.ObjectId[]): Promise<Stored<FuelPriceChange>[]> {
    if (tariffIds?.length === 0) return Promise.resolve([]);
    return this.changes.find(scope, { state: 'pending', ...(tariffIds ? { tariffId: { $in: [...tariffIds] } } : {}) }, { sort: { version: 1 } });
  }

  /**
   * Commits the change on top of the tariff's latest (pending) version, its lease taken; null
   * when the tariff already has that price and name (a concurrent request asked for the same).
   */
  async commit(auth: AuthContext, tariffId: Types.ObjectId, request: PriceChangeRequest): Promise<Stored<FuelPriceChange> | null> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await this.current(auth, tariffId);
      if (!current) throw notFound('Fuel tariff');
      const renamed = request.name !== undefined && request.name !== current.name;
      if (current.pricePerLiter === request.pricePerLiter && !renamed) return null;
      const job = await this.begin(auth, current, request);
      if (job) return job;
      // Another change took this version first: commit on top of it.
    }
    throw new DomainException(ErrorCode.Conflict, 'The tariff is being changed by someone else; try again');
  }

  /** Writes the job for the tariff's next version (`tariff` as readers see it), with its lease; null if that version is already claimed. */
  async begin(auth: AuthContext, tariff: Stored<FuelTariff>, request: PriceChangeRequest): Promise<Stored<FuelPriceChange> | null> {
    const version = tariff.priceVersion + 1;
    const job: Stored<FuelPriceChange> = {
      _id: new Types.ObjectId(),
      key: `${tariff._id.toHexString()}:${version}`,
      clientId: tariff.clientId,
      tariffId: tariff._id,
      version,
      before: { name: tariff.name, pricePerLiter: tariff.pricePerLiter },
      after: { name: request.name ?? tariff.name, pricePerLiter: request.pricePerLiter },
      // Strictly after the replaced validity began, so the two never share a start.
      changedAt: new Date(Math.max(Date.now(), (tariff.priceValidFrom?.getTime() ?? 0) + 1)),
      previousRecordId: tariff.priceRecordId,
      state: 'pending',
      ...this.leases.taken(),
      actor: {
        userId: auth.userId,
        name: auth.name,
        email: auth.email,
        credential: auth.credential.kind,
        requestId: auth.request.requestId,
        ip: auth.request.ip,
        userAgent: auth.request.userAgent?.slice(0, 512),
      },
    };
    try {
      const { clientId: _client, ...record } = job;
      await this.changes.create(auth, record);
      return job;
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }
}
