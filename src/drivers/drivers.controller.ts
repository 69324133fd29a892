import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { ErrorShapeOf } from '@app/http';
import { DriverImportResultView } from './driver-import-result.view';
import { DriverView } from './driver.view';
import { DriversService } from './drivers.service';
import { ImportDriversDto } from './dto/import-drivers.dto';
import { DriversImportService } from './import/drivers-import.service';

@ApiTags('drivers')
@Controller('drivers')
export class DriversController {
  constructor(
    private readonly drivers: DriversService,
    private readonly importer: DriversImportService,
  ) {}

  /**
   * Creates the drivers confirmed in a preview. Every row is normalized and validated again;
   * valid rows are created, rejected rows come back in `failedRows` with a reason.
   */
  @Post('import')
  @Authenticated({ permission: Permission.Drivers, bearerOnly: true })
  @ErrorShapeOf('C')
  @HttpCode(201)
  import(@Auth() auth: AuthContext, @Body() body: ImportDriversDto): Promise<DriverImportResultView> {
    return this.importer.import(auth, body.rows);
  }

  /** One driver of the caller's client. */
  @Get(':id')
  @Authenticated()
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DriverView> {
    return this.drivers.get(auth, id);
  }
}
