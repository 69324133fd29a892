import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UploadedFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, FileUploadBody, FoundRecord, PagedBody, PagedList } from '@app/http';
import { SheetUpload, UploadedSheet } from '@app/sheets';
import { ImportRefuelsDto } from './import/refuel-import.dto';
import { RefuelImportService } from './import/refuel-import.service';
import { RefuelImportPreviewView, RefuelImportResultView } from './import/refuel-import.view';
import { CreateRefuelDto, ListRefuelsDto } from './refuel.dto';
import { RefuelView, toRefuelView } from './refuel.view';
import { RefuelsService } from './refuels.service';

const NOT_FOUND = "Unknown refuel, another client's, or of an asset outside your trackers (shape A)";

@ApiTags('fuel')
@Controller('fuel/refuels')
export class RefuelsController {
  constructor(
    private readonly refuels: RefuelsService,
    private readonly importer: RefuelImportService,
  ) {}

  /** Records a refuel, answered with its anomalies: more than the tank holds, paid over 500 m from where the vehicle's tracker was, a price over 15 % from the tariff's. */
  @Post()
  @Authenticated({ permission: Permission.Fuel })
  @CreatedRecord(RefuelView, 'The refuel with its anomalies')
  @ApiBadRequestResponse({ description: 'Invalid body, an asset not among yours, a future time, a total that is not litres × price (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateRefuelDto): Promise<RefuelView> {
    return this.refuels.create(auth, body);
  }

  /**
   * Reads a fuel-card statement (.xlsx or CSV, at most 5 MB and 1000 rows, told apart by content)
   * and answers the refuels it holds, each row's asset found by plate or name, with every problem
   * by row and field. Nothing is written: post `rows` to `POST /api/fuel/refuels/import`.
   */
  @Post('import/preview')
  @Authenticated({ permission: Permission.Fuel })
  @HttpCode(200)
  @SheetUpload()
  @FileUploadBody()
  @ApiOkResponse({ type: RefuelImportPreviewView })
  @ApiBadRequestResponse({
    description: 'No file, a damaged or unreadable one, an old .xls, no header row naming patente, fecha and litros, over 1000 rows (shape A)',
  })
  @ApiPayloadTooLargeResponse({ description: 'Over 5 MB (shape A)' })
  preview(@Auth() auth: AuthContext, @UploadedFile() file: UploadedSheet | undefined): Promise<RefuelImportPreviewView> {
    return this.importer.preview(auth, file);
  }

  /** Records the refuels of a preview; each is checked as one typed in, a refused row answered with its reason. */
  @Post('import')
  @Authenticated({ permission: Permission.Fuel })
  @CreatedRecord(RefuelImportResultView, 'The refuels recorded, and the rows refused with why')
  @ApiBadRequestResponse({ description: 'Not 1 to 1000 rows, or a row that is not a refuel (shape A)' })
  import(@Auth() auth: AuthContext, @Body() body: ImportRefuelsDto): Promise<RefuelImportResultView> {
    return this.importer.import(auth, body);
  }

  /** The client's refuels of the assets the caller may see, newest first; `assetId`, `from`, `to`, `anomaly` filter. */
  @Get()
  @Authenticated({ permission: Permission.Fuel })
  @PagedList(RefuelView)
  async list(@Auth() auth: AuthContext, @Query() query: ListRefuelsDto): Promise<PagedBody<RefuelView>> {
    return PagedBody.of(await this.refuels.list(auth, query), toRefuelView);
  }

  /** One refuel. */
  @Get(':id')
  @Authenticated({ permission: Permission.Fuel })
  @FoundRecord(RefuelView, NOT_FOUND)
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<RefuelView> {
    return this.refuels.get(auth, id);
  }

  /** Deletes a refuel (a line typed twice, a statement imported twice). */
  @Delete(':id')
  @Authenticated({ permission: Permission.Fuel })
  @DeletedRecord(NOT_FOUND)
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.refuels.delete(auth, id);
  }
}
