import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { FuelPriceHistoryQueryDto } from './dto/fuel-price-history-query.dto';
import { FuelPriceRecordView } from './fuel-price-record.view';
import { FuelPriceHistoryService } from './prices/fuel-price-history.service';

@ApiTags('fuel')
@Controller('fuel-prices')
export class FuelPricesController {
  constructor(private readonly history: FuelPriceHistoryService) {}

  /** Price validities visible to the client (its own and the global market prices), newest first. */
  @Get('history')
  @Authenticated({ permission: Permission.Fuel })
  list(@Auth() auth: AuthContext, @Query() query: FuelPriceHistoryQueryDto): Promise<FuelPriceRecordView[]> {
    return this.history.history(auth, query.fuelType);
  }
}
