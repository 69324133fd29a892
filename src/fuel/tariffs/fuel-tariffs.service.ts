import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import { AuthContext } from '@app/auth';
import { InjectRepository, Stored, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import { UpdateFuelTariffDto } from '../dto/update-fuel-tariff.dto';
import { FuelTariffView, toFuelTariffView } from '../fuel-tariff.view';
import { PriceChangeResumer } from '../price-change/price-change-resumer';
import { PriceChangesService } from '../price-change/price-changes.service';
import { FuelTariff } from '../schemas/fuel-tariff.schema';

@Injectable()
export class FuelTariffsService {
  constructor(
    @InjectRepository(FuelTariff) private readonly tariffs: TenantRepository<FuelTariff>,
    private readonly priceChanges: PriceChangesService,
    private readonly resumer: PriceChangeResumer,
    private readonly activity: ActivityRecorder,
  ) {}

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
