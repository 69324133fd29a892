import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, PagedBody, PagedList } from '@app/http';
import { CreateFuelTariffDto, ListFuelTariffsDto } from './dto/create-fuel-tariff.dto';
import { UpdateFuelTariffDto } from './dto/update-fuel-tariff.dto';
import { FuelTariffView, toFuelTariffView } from './fuel-tariff.view';
import { FuelTariffsService } from './tariffs/fuel-tariffs.service';

@ApiTags('fuel')
@Controller('fuel-tariffs')
export class FuelTariffsController {
  constructor(private readonly tariffs: FuelTariffsService) {}

  /** The client's fuel tariffs, newest first. */
  @Get()
  @Authenticated({ permission: Permission.Fuel })
  @PagedList(FuelTariffView)
  async list(@Auth() auth: AuthContext, @Query() query: ListFuelTariffsDto): Promise<PagedBody<FuelTariffView>> {
    return PagedBody.of(await this.tariffs.list(auth, query), toFuelTariffView);
  }

  /** Creates a custom tariff: the client's own manual price for a grade, in force from now. */
  @Post()
  @Authenticated({ permission: Permission.Fuel })
  @CreatedRecord(FuelTariffView, 'The new tariff')
  @ApiBadRequestResponse({ description: 'Invalid body: an unknown grade, a bad name or price (shape A)' })
  @ApiConflictResponse({ description: 'The client already has 100 tariffs (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateFuelTariffDto): Promise<FuelTariffView> {
    return this.tariffs.create(auth, body);
  }

  /**
   * Edits the name and/or the manual price of a tariff. A new price opens a new client price
   * validity (closing the previous one), re-values every cost the tariff priced and invalidates
   * the client's cached trip report exports. Answered with the tariff at its new price once that is
   * done, or after PRICE_CHANGE_ANSWER_WITHIN_MS (5 s) while it goes on: every reader already shows
   * the new price.
   */
  @Patch(':fuelTariffId')
  @Authenticated({ permission: Permission.Fuel })
  update(@Auth() auth: AuthContext, @Param('fuelTariffId') id: string, @Body() body: UpdateFuelTariffDto): Promise<FuelTariffView> {
    return this.tariffs.update(auth, id, body);
  }

  /** Deletes a tariff that no asset's fuel profile names; its price history and costs stay. */
  @Delete(':fuelTariffId')
  @Authenticated({ permission: Permission.Fuel })
  @DeletedRecord("Unknown or another client's tariff (shape A)")
  @ApiConflictResponse({ description: "An asset's fuel profile names the tariff (shape A)" })
  delete(@Auth() auth: AuthContext, @Param('fuelTariffId') id: string): Promise<DeletedView> {
    return this.tariffs.delete(auth, id);
  }
}
