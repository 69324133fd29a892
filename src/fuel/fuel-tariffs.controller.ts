import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { UpdateFuelTariffDto } from './dto/update-fuel-tariff.dto';
import { FuelTariffView } from './fuel-tariff.view';
import { FuelTariffsService } from './tariffs/fuel-tariffs.service';

@ApiTags('fuel')
@Controller('fuel-tariffs')
export class FuelTariffsController {
  constructor(private readonly tariffs: FuelTariffsService) {}

  /**
   * Edits the name and/or the manual price of a tariff. A new price opens a new client price
   * validity (closing the previous one), re-values every cost the tariff priced and invalidates
   * the client's cached trip report exports before answering.
   */
  @Patch(':fuelTariffId')
  @Authenticated({ permission: Permission.Fuel })
  update(@Auth() auth: AuthContext, @Param('fuelTariffId') id: string, @Body() body: UpdateFuelTariffDto): Promise<FuelTariffView> {
    return this.tariffs.update(auth, id, body);
  }
}
