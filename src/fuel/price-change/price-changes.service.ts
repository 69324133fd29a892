import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, isDuplicateKeyError, TenantRepository, type Stored } from '@app/database';
import { DomainException, ErrorCode } from '@app/errors';
import { FuelPriceChange } from '../schemas/fuel-price-change.schema';
import { FuelTariff } from '../schemas/fuel-tariff.schema';
import { PriceChangeResumer } from './price-change-resumer';
import { PriceChangeRunner } from './price-change-runner.service';

/** Concurrent changes of one tariff queue up; after this many lost races the caller retries. */
const MAX_ATTEMPTS = 5;

export interface PriceChangeRequest {
  pricePerLiter: number;
  name?: string;
}

/** Starts a manual price change: writes its job (the commit point), then runs it to the end. */
@Injectable()
export class PriceChangesService {
  constructor(
    @InjectRepository(FuelPriceChange) private readonly changes: TenantRepository<FuelPriceChange>,
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
    private readonly runner: PriceChangeRunner,
    private readonly resumer: PriceChangeResumer,
  ) {}

  async change(auth: AuthContext, tariff: Stored<FuelTariff>, request: PriceChangeRequest): Promise<void> {
    let current = tariff;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const job = await this.begin(auth, current, request);
      if (job) return this.runner.run(job);
      // Another change took this version first: finish it, then change from its result.
      await this.resumer.resumeTariff(auth, current._id);
      current = (await this.tariffs.findById(auth, current._id.toHexString())) ?? current;
      const renamed = request.name !== undefined && request.name !== current.name;
      if (current.pricePerLiter === request.pricePerLiter && !renamed) return; // it already set this
    }
    throw new DomainException(ErrorCode.Conflict, 'The tariff is being changed by someone else; try again');
  }

  /** Writes the job for the tariff's next version; null if that version is already claimed. */
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
