import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { Types } from 'mongoose';
import { InjectRepository, Page, scopeOfClient, Stored, TenantRepository } from '@app/database';
import { badRequest, DomainException, ErrorCode } from '@app/errors';
import { Asset } from '@app/fleet';
import { CreateFuelTariffDto, ListFuelTariffsDto } from '../dto/create-fuel-tariff.dto';
import { FuelPriceRecord } from '../schemas/fuel-price-record.schema';
import { UpdateFuelTariffDto } from '../dto/update-fuel-tariff.dto';
import { FuelTariffView, toFuelTariffView } from '../fuel-tariff.view';
import { PriceChangeResumer } from '../price-change/price-change-resumer';
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
    private readonly resumer: PriceChangeResumer,
    private readonly activity: ActivityRecorder,
  ) {}

  /** A custom tariff with its first price validity (from now, open). */
  async create(auth: AuthContext, body: CreateFuelTariffDto): Promise<FuelTariffView> {
    if ((await this.tariffs.count(auth, {})) >= MAX_TARIFFS) throw new DomainException(ErrorCode.Conflict, `A client has at most ${MAX_TARIFFS} fuel tariffs: remove some first`);
    const tariffId = new Types.ObjectId();
    const validFrom = new Date();
    const record = await this.records.create(auth, { _id: new Types.ObjectId(), scope: 'client', fuelType: body.baseType, tariffId, pricePerLiter: body.pricePerLiter, validFrom, validTo: null });
    const tariff = await this.tariffs.create(auth, { _id: tariffId, baseType: body.baseType, name: body.name, custom: true, pricePerLiter: body.pricePerLiter, priceVersion: 0, priceRecordId: record._id, priceValidFrom: validFrom });
    const view = toFuelTariffView(tariff);
    await this.activity.record(auth, { action: 'fuel_tariff.create', resourceType: 'fuel_tariff', resourceId: tariff._id, summary: `Fuel tariff "${tariff.name}" created at ${tariff.pricePerLiter} per litre`, after: view });
    return view;
  }

  list(auth: AuthContext, query: ListFuelTariffsDto): Promise<Page<Stored<FuelTariff>>> {
    return this.tariffs.list(auth, {}, { limit: query.limit, cursor: query.cursor });
  }

  /** Deletes a tariff no asset's fuel profile names (409 naming how many do); its price history and costs stay. */
  async delete(auth: AuthContext, id: string): Promise<{ id: string }> {
    const tariff = await this.tariffs.findByIdOrFail(auth, id, 'Fuel tariff');
    // Every asset of the client counts, archived or outside the caller's trackers too: the profile would dangle.
    const users = await this.assets.count(scopeOfClient(auth.clientId), { 'fuel.tariffId': tariff._id } as never);
    if (users > 0) throw new DomainException(ErrorCode.Conflict, `The fuel tariff "${tariff.name}" is the tariff of ${users} asset${users === 1 ? '' : 's'}: give ${users === 1 ? 'it' : 'them'} another first`);
    await this.tariffs.deleteRecords(auth, [tariff]);
    await this.activity.record(auth, { action: 'fuel_tariff.delete', resourceType: 'fuel_tariff', resourceId: tariff._id, summary: `Fuel tariff "${tariff.name}" deleted`, before: toFuelTariffView(tariff) });
    return { id: tariff._id.toHexString() };
  }

  /**
   * Edits the name and/or the manual price. A new price goes through a price change job (new
   * validity, re-valued costs, stale exports, activity event) that is complete when this returns.
   */
  async update(auth: AuthContext, id: string, body: UpdateFuelTariffDto): Promise<FuelTariffView> {
    if (body.name === undefined && body.pricePerLiter === undefined) {
      throw badRequest('Send name and/or pricePerLiter');
    }
    const found = await this.tariffs.findByIdOrFail(auth, id, 'Fuel tariff');
    if (body.pricePerLiter !== undefined && !found.custom) {
      throw badRequest('pricePerLiter: this tariff follows the market price of its base type; only a custom tariff has a manual price');
    }
    // A change left pending by a failure is finished first, so this edit starts from its result.
    await this.resumer.resumeTariff(auth, found._id);
    const tariff = await this.reload(auth, found);
    if (body.pricePerLiter !== undefined && body.pricePerLiter !== tariff.pricePerLiter) {
      await this.priceChanges.change(auth, tariff, { pricePerLiter: body.pricePerLiter, name: body.name });
    } else if (body.name !== undefined && body.name !== tariff.name) {
      await this.rename(auth, tariff, body.name);
    }
    return toFuelTariffView(await this.reload(auth, tariff));
  }

  private async rename(auth: AuthContext, tariff: Stored<FuelTariff>, name: string): Promise<void> {
    await this.tariffs.updateRecord(auth, tariff, { $set: { name } });
    await this.activity.record(auth, {
      action: 'fuel_tariff.update',
      resourceType: 'fuel_tariff',
      resourceId: tariff._id,
      summary: `Fuel tariff "${tariff.name}" renamed to "${name}"`,
      before: { name: tariff.name },
      after: { name },
    });
  }

  private async reload(auth: AuthContext, tariff: Stored<FuelTariff>): Promise<Stored<FuelTariff>> {
    return (await this.tariffs.findById(auth, tariff._id.toHexString())) ?? tariff;
  }
}
