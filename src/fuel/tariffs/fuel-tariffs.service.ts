import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { AppConfig } from '@app/config';
import { Types } from 'mongoose';
import { InjectRepository, Page, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { Asset } from '@app/fleet';
import { CreateFuelTariffDto, ListFuelTariffsDto } from '../dto/create-fuel-tariff.dto';
import { FuelPriceRecord } from '../schemas/fuel-price-record.schema';
import { UpdateFuelTariffDto } from '../dto/update-fuel-tariff.dto';
import { FuelTariffView, toFuelTariffView } from '../fuel-tariff.view';
import { withPendingChanges } from '../price-change/pending-changes';
import { PriceChangeRuns } from '../price-change/price-change-runs.service';
import { PriceChangesService } from '../price-change/price-changes.service';
import { FuelTariff } from '../schemas/fuel-tariff.schema';

/** Tariffs one client may keep. */
export const MAX_TARIFFS = 100;

@Injectable()
export class FuelTariffsService {
  constructor(
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
    @InjectRepository(FuelPriceRecord) private readonly records: TenantRepository<FuelPriceRecord>,
    @InjectRepository(Asset) private readonly assets: TenantRepository<Asset>,
    private readonly priceChanges: PriceChangesService,
    private readonly runs: PriceChangeRuns,
    private readonly activity: ActivityRecorder,
    private readonly config: AppConfig,
  ) {}

  /** A custom tariff with its first price validity (from now, open). */
  async create(auth: AuthContext, body: CreateFuelTariffDto): Promise<FuelTariffView> {
    await this.tariffs.checkRoomFor(auth, MAX_TARIFFS, 'fuel tariffs');
    const tariffId = new Types.ObjectId();
    const validFrom = new Date();
    const record = await this.records.create(auth, {
      _id: new Types.ObjectId(),
      scope: 'client',
      fuelType: body.baseType,
      tariffId,
      pricePerLiter: body.pricePerLiter,
      validFrom,
      validTo: null,
    });
    const tariff = await this.tariffs.create(auth, {
      _id: tariffId,
      baseType: body.baseType,
      name: body.name,
      custom: true,
      pricePerLiter: body.pricePerLiter,
      priceVersion: 0,
      priceRecordId: record._id,
      priceValidFrom: validFrom,
    });
    const view = toFuelTariffView(tariff);
    await this.activity.created(
      auth,
      { type: 'fuel_tariff', id: tariff._id },
      `Fuel tariff "${tariff.name}" created at ${tariff.pricePerLiter} per litre`,
      view,
    );
    return view;
  }

  /** A page of tariffs as readers see them: a pending price change already applied. */
  async list(auth: AuthContext, query: ListFuelTariffsDto): Promise<Page<Stored<FuelTariff>>> {
    const page = await this.tariffs.list(auth, {}, { limit: query.limit, cursor: query.cursor });
    // Read after the page: a change that completed meanwhile is skipped by its version.
    const pending = await this.priceChanges.pending(
      auth,
      page.items.map((tariff) => tariff._id),
    );
    return {
      ...page,
      items: page.items.map((tariff) =>
        withPendingChanges(
          tariff,
          pending.filter((change) => change.tariffId.equals(tariff._id)),
        ),
      ),
    };
  }

  /** Deletes a tariff no asset's fuel profile names (409 naming how many do); its price history and costs stay. */
  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const tariff = await this.tariffs.findByIdOrFail(auth, id, 'Fuel tariff');
    // Every asset of the client counts, archived or outside the caller's trackers too: the profile would dangle.
    const users = await this.assets.count(scopeOfClient(auth.clientId), { 'fuel.tariffId': tariff._id } as never);
    if (users > 0)
      throw new DomainException(
        ErrorCode.Conflict,
        `The fuel tariff "${tariff.name}" is the tariff of ${users} asset${users === 1 ? '' : 's'}: give ${users === 1 ? 'it' : 'them'} another first`,
      );
    await this.tariffs.deleteRecords(auth, [tariff]);
    await this.activity.deleted(auth, { type: 'fuel_tariff', id: tariff._id }, `Fuel tariff "${tariff.name}" deleted`, toFuelTariffView(tariff));
    return { id: tariff._id.toHexString() };
  }

  /**
   * Edits the name and/or the manual price. A new price is committed as a price change (new
   * validity, re-valued costs, stale exports, activity event) and run; the answer waits for the
   * run up to PRICE_CHANGE_ANSWER_WITHIN_MS, then gives the tariff at its new price while the run
   * goes on — readers already see the change whole (`pending-changes.ts`).
   */
  async update(auth: AuthContext, id: string, body: UpdateFuelTariffDto): Promise<FuelTariffView> {
    if (body.name === undefined && body.pricePerLiter === undefined) {
      throw badRequest('Send name and/or pricePerLiter');
    }
    const found = await this.tariffs.findByIdOrFail(auth, id, 'Fuel tariff');
    if (body.pricePerLiter !== undefined && !found.custom) {
      throw badRequest('pricePerLiter: this tariff follows the market price of its base type; only a custom tariff has a manual price');
    }
    const deadline = Date.now() + this.config.get('PRICE_CHANGE_ANSWER_WITHIN_MS');
    const what = `price change of tariff ${found._id.toHexString()}`;
    // Earlier changes first, as far as the bound allows: one left pending by a failure is run
    // again, one running elsewhere awaited (a change also waits for them itself before it runs).
    await this.runs.until(deadline, this.runs.settleTariff(auth, found._id), what);
    const tariff = await this.current(auth, found);
    if (body.pricePerLiter !== undefined && body.pricePerLiter !== tariff.pricePerLiter) {
      const job = await this.priceChanges.commit(auth, tariff._id, { pricePerLiter: body.pricePerLiter, name: body.name });
      if (job) await this.runs.until(deadline, this.runs.runCommitted(job), what);
    } else if (body.name !== undefined && body.name !== tariff.name) {
      await this.rename(auth, tariff, body.name);
    }
    return toFuelTariffView(await this.current(auth, tariff));
  }

  private async rename(auth: AuthContext, tariff: Stored<FuelTariff>, name: string): Promise<void> {
    await this.tariffs.updateRecord(auth, tariff, { $set: { name } });
    await this.activity.updated(
      auth,
      { type: 'fuel_tariff', id: tariff._id },
      `Fuel tariff "${tariff.name}" renamed to "${name}"`,
      { name: tariff.name },
      { name },
    );
  }

  private async current(auth: AuthContext, tariff: Stored<FuelTariff>): Promise<Stored<FuelTariff>> {
    return (await this.priceChanges.current(auth, tariff._id)) ?? tariff;
  }
}
